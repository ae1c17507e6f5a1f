/**
 * One number gets one fax, in automatic distribution too (issue 43, docs/domain.md "Automatic
 * distribution"): the fax deliveries of one job version (final or preliminary) whose recipients
 * have the same normalised fax number share one fax record. The first of them (the lowest delivery
 * id) sends it, naming every recipient at the number on the cover sheet; the others wait for its
 * outcome and record it as their own, so each recipient's outcome is still recorded.
 */

/** A fax delivery of one job version as the rule reads it: its id, recipient and normalised number. */
export interface FaxCopyDelivery {
  id: number;
  recipientId: number | null;
  /** normaliseFaxNumber of the recipient's number; null when it has none (that delivery fails alone). */
  faxNumber: string | null;
}

/** The fax a delivery makes or shares: who sends it, and every delivery it reaches, in id order. */
export interface FaxCopy {
  leadId: number;
  deliveryIds: number[];
}

/**
 * The fax of delivery `deliveryId` among the fax deliveries of its job version: the deliveries at
 * the same number, led by the lowest id. Null when the delivery has no number (or is not listed).
 */
export function faxCopyOf(deliveries: readonly FaxCopyDelivery[], deliveryId: number): FaxCopy | null {
  const own = deliveries.find((d) => d.id === deliveryId);
  if (!own?.faxNumber) return null;
  const ids = deliveries
    .filter((d) => d.faxNumber === own.faxNumber)
    .map((d) => d.id)
    .sort((a, b) => a - b);
  return { leadId: ids[0]!, deliveryIds: ids };
}

/**
 * The idempotency key of the one fax a job version sends to one number: the fax record's key and
 * the transport's, so however many recipients and tries, the number gets it once.
 */
export function sharedFaxKey(f: {
  jobId: number;
  jobVersion: number;
  preliminary: boolean;
  faxNumber: string;
}): string {
  return `j${f.jobId}-v${f.jobVersion}-fax${f.faxNumber}-${f.preliminary ? 'pre' : 'final'}`;
}

/** What a delivery does with its shared fax: send it (the lead), wait for it, or take its outcome. */
export type SharedFaxStep = 'send' | 'wait' | 'sent' | 'failed';

/**
 * The step of one delivery given the shared fax record's status: the lead sends (again, on a
 * retry: the transport is asked first, so never twice); another delivery takes a sent or failed
 * outcome as its own and otherwise waits — the lead records it for every delivery sharing the fax.
 */
export function sharedFaxStep(isLead: boolean, recordStatus: string): SharedFaxStep {
  if (isLead) return 'send';
  if (recordStatus === 'sent') return 'sent';
  if (recordStatus === 'failed') return 'failed';
  return 'wait';
}
