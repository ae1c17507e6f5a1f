/** One electronic delivery ready to leave: the job's CDA (when it has one) and its PDF. */
export interface ElectronicMessage {
  /** The delivery's key (letters, digits, -); a transport uses it to recognise a repeat. */
  key: string;
  deliveryId: number;
  jobId: number;
  recipientName: string;
  preliminary: boolean;
  /**
   * Issue 43: the document is an addendum that amends this job version (null: the original). Issue
   * 44 plugs in here: an addendum goes out as a replacement of the version already sent (HL7 v2
   * MDM^T10 "document replace" rather than T02/T08's edit; FHIR DocumentReference.relatesTo
   * `replaces`), to the same recipients.
   */
  addendumOfVersion: number | null;
  /** The stored CDA, byte for byte; null for a job whose document is Word. */
  cda: Buffer | null;
  pdf: Buffer;
}

/**
 * A way for electronic deliveries to leave Quill (issue 43). Today the outbox; the HL7/FHIR
 * interface of issue 44 is another implementation of this interface.
 */
export interface ElectronicTransport {
  readonly name: string;
  /** The reference of an earlier delivery of this key, or null (asked first after a crash). */
  findDelivered(key: string): Promise<string | null>;
  /** Hands the delivery over; answers the transport's reference. */
  send(message: ElectronicMessage): Promise<{ reference: string }>;
}
