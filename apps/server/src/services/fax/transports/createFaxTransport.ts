import type { Config } from '../../../config.js';
import type { FaxTransport } from './faxTransport.js';
import { hylafaxTransport } from './hylafaxTransport.js';
import { outboxTransport } from './outboxTransport.js';
import { smtpTransport } from './smtpTransport.js';

/** The transport FAX_TRANSPORT names, set up from the configuration (validated by loadConfig). */
export function createFaxTransport(config: Config): FaxTransport {
  switch (config.FAX_TRANSPORT) {
    case 'smtp':
      return smtpTransport({
        url: config.FAX_SMTP_URL!,
        from: config.FAX_SMTP_FROM!,
        domain: config.FAX_SMTP_DOMAIN!,
        timeoutSeconds: config.FAX_SEND_TIMEOUT_SECONDS,
      });
    case 'hylafax':
      return hylafaxTransport({
        sendfaxPath: config.FAX_SENDFAX_PATH,
        faxstatPath: config.FAX_FAXSTAT_PATH,
        host: config.FAX_HYLAFAX_HOST,
        timeoutSeconds: config.FAX_SEND_TIMEOUT_SECONDS,
      });
    default:
      return outboxTransport(config.dataDir);
  }
}
