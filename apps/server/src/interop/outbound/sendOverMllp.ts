import { Hl7Message } from '@medplum/core';
import { Hl7Client } from '@medplum/hl7';
import { message } from '@quill/core';

/** The receiver's answer to one message: acknowledged or not, its code and control segments, why not. */
export interface MllpAnswer {
  ok: boolean;
  ackCode: string | null;
  /** The ACK's MSH, MSA and ERR segments (no patient data is in them). */
  ack: string | null;
  /** Why the try failed, in words; null when acknowledged. */
  error: string | null;
}

const ACCEPTED = new Set(['AA', 'CA']);
const words = (v: string) => v.replace(/\s+/g, ' ').trim().slice(0, 200);

/** What an ACK says: AA/CA accepted; AE/AR/CE/CR rejected with MSA-3 and the ERR segments' texts. */
export function readAck(ack: Hl7Message, controlId: string): MllpAnswer {
  const msa = ack.getSegment('MSA');
  const code = msa?.getField(1).toString() ?? '';
  const control = ['MSH', 'MSA', 'ERR'].flatMap((n) => ack.getAllSegments(n).map((s) => s.toString()));
  const base = { ackCode: code || null, ack: control.join('\r') };
  const about = msa?.getField(2).toString() ?? '';
  if (about && about !== controlId)
    return { ...base, ok: false, error: message('delivery.hl7.otherAck', { controlId: words(about) }) };
  if (ACCEPTED.has(code)) return { ...base, ok: true, error: null };
  const reasons = [
    msa?.getField(3).toString() ?? '',
    ...ack.getAllSegments('ERR').map((e) => e.getField(8).toString() || e.getComponent(3, 2)),
  ]
    .map(words)
    .filter(Boolean);
  const reason = [...new Set(reasons)].join('; ');
  return {
    ...base,
    ok: false,
    error: reason
      ? message('delivery.hl7.rejected', { code: code || '?', reason })
      : message('delivery.hl7.rejectedNoReason', { code: code || '?' }),
  };
}

/**
 * Sends one message over MLLP (@medplum/hl7's client: a connection of its own, closed after) and
 * waits up to `ackTimeoutSeconds` for its ACK. Answers what the receiver said; a receiver that
 * cannot be reached or does not answer in time is an answer too (not acknowledged, with the reason).
 */
export async function sendOverMllp(
  to: { host: string; port: number; ackTimeoutSeconds: number },
  text: string,
  controlId: string,
): Promise<MllpAnswer> {
  const client = new Hl7Client({ host: to.host, port: to.port, connectTimeout: to.ackTimeoutSeconds * 1000 });
  // A refused connection is also reported as an error event: handled here, the try fails once.
  client.addEventListener('error', () => {});
  try {
    await client.connect();
  } catch (err) {
    const detail = words((err as Error).message || (err as NodeJS.ErrnoException).code || 'error');
    const error = message('delivery.hl7.unreachable', { host: to.host, port: to.port, detail });
    return { ok: false, ackCode: null, ack: null, error };
  }
  try {
    const ack = await client.sendAndWait(Hl7Message.parse(text), { timeoutMs: to.ackTimeoutSeconds * 1000 });
    return readAck(ack, controlId);
  } catch {
    const error = message('delivery.hl7.noAck', { seconds: to.ackTimeoutSeconds });
    return { ok: false, ackCode: null, ack: null, error };
  } finally {
    await client.close().catch(() => {});
  }
}
