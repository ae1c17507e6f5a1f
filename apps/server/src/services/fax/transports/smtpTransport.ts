import nodemailer from 'nodemailer';
import { assertSafeKey, type FaxMessage, type FaxTransport, PermanentFaxError } from './faxTransport.js';

export interface SmtpFaxSettings {
  /** smtp:// or smtps:// URL of the mail server. */
  url: string;
  from: string;
  /** The email-to-fax gateway's domain: a fax to 2015550123 is mailed to 2015550123@domain. */
  domain: string;
  timeoutSeconds: number;
}

/**
 * The `smtp` transport: mails the fax PDF to an email-to-fax gateway (`<number>@FAX_SMTP_DOMAIN`).
 * The Message-ID is made from the fax's idempotency key, so a gateway that drops repeated
 * Message-IDs never faxes a retried mail twice. SMTP cannot be asked whether a mail was accepted
 * earlier, so across a crash in the moment between the server's "250 accepted" and Quill
 * recording it, delivery is at least once (docs/decisions.md). A 5xx answer (e.g. a rejected
 * number) is permanent; anything else is retried.
 */
export function smtpTransport(settings: SmtpFaxSettings): FaxTransport {
  const ms = settings.timeoutSeconds * 1000;
  const mailer = nodemailer.createTransport({
    url: settings.url,
    connectionTimeout: Math.min(ms, 30_000),
    greetingTimeout: Math.min(ms, 30_000),
    socketTimeout: ms,
  });
  return {
    name: 'smtp',
    async findDelivered() {
      return null;
    },
    async send(m: FaxMessage) {
      const messageId = `<${assertSafeKey(m.key)}@fax.quill>`;
      try {
        const info = await mailer.sendMail({
          from: settings.from,
          to: `${m.faxNumber}@${settings.domain}`,
          subject: `Fax ${m.faxRecordId} (${m.pages} pages)`,
          text: `Fax ${m.faxRecordId}: ${m.pages} pages.`,
          messageId,
          attachments: [
            { filename: `fax-${m.faxRecordId}.pdf`, content: m.pdf, contentType: 'application/pdf' },
          ],
        });
        return { reference: `smtp:${info.messageId ?? messageId}` };
      } catch (err) {
        const e = err as { responseCode?: number; response?: string; message?: string };
        const detail = (e.response ?? e.message ?? 'failed').split('\n')[0]!.slice(0, 200);
        if (e.responseCode && e.responseCode >= 500 && e.responseCode < 600) {
          throw new PermanentFaxError(`the mail server refused the fax: ${detail}`);
        }
        throw new Error(`the mail server could not be reached or failed: ${detail}`);
      }
    },
  };
}
