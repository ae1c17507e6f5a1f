import type { Config } from '../../../config.js';

/** One fax ready to leave: the merged PDF (cover sheet first) and where it goes. */
export interface FaxMessage {
  /** The fax record's idempotency key (a uuid); a transport uses it to recognise a repeat. */
  key: string;
  faxRecordId: number;
  /** Digits only (normaliseFaxNumber). */
  faxNumber: string;
  recipientName: string;
  pdf: Buffer;
  /** Pages of `pdf`, cover sheet included. */
  pages: number;
  jobIds: number[];
}

/** A way for faxes to leave Quill (ARCHITECTURE §3): outbox, smtp or hylafax. */
export interface FaxTransport {
  readonly name: Config['FAX_TRANSPORT'] | string;
  /**
   * The reference of an earlier delivery of this key, or null when the transport has no record
   * of one. A task retried after a crash between "delivered" and "recorded" asks this first, so
   * it records the earlier delivery instead of sending the fax again.
   */
  findDelivered(key: string): Promise<string | null>;
  /** Hands the fax over; answers the transport's reference. Throws PermanentFaxError when retrying cannot help. */
  send(message: FaxMessage): Promise<{ reference: string }>;
}

/** A failure retrying cannot fix (e.g. the gateway rejected the number): the fax fails at once. */
export class PermanentFaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentFaxError';
  }
}

/** A key safe to use as a file name, mail header and job tag (the keys Quill makes are uuids). */
export function assertSafeKey(key: string): string {
  if (!/^[A-Za-z0-9-]{8,64}$/.test(key)) throw new Error('invalid fax idempotency key');
  return key;
}
