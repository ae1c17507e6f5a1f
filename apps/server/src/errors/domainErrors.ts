/**
 * What went wrong, in the words of the domain rather than of HTTP (ARCHITECTURE §5): services,
 * tasks, documents and the command-line tools throw these; only http/errorHandler.ts turns a kind
 * into a status and the error shape `{ error: { code, message } }`.
 */
export type DomainErrorKind =
  /** The input is wrong in itself (bad field, unreadable file, mismatched ids). */
  | 'invalid'
  /** Nobody is signed in, the session expired, or the credentials are wrong. */
  | 'unauthenticated'
  /** Signed in, but not permitted. */
  | 'forbidden'
  /** Missing, or another tenant's (never say which). */
  | 'notFound'
  /** The record's state forbids it now: booked by another, stale version, already done. */
  | 'conflict'
  /** A condition the caller set does not hold (WOPI GetFile larger than X-WOPI-MaxExpectedSize). */
  | 'preconditionFailed'
  /** The upload or body is over its limit. */
  | 'tooLarge'
  /** A valid request that produced nothing (spec: "No copies") or a stored file that cannot be read. */
  | 'unprocessable'
  /** A dependency (LibreOffice, ffmpeg, the database) is missing or down. */
  | 'unavailable'
  /** Too many tries; wait and try again. */
  | 'throttled'
  /** An operation this server does not offer (a WOPI override it does not implement). */
  | 'notImplemented';

/**
 * A refusal a person can act on: its kind, a message for the user and, where a caller needs to tell
 * refusals of one kind apart, a stable code (e.g. `outside_contacts`). Without a code the error shape
 * carries the kind's default code.
 */
export class DomainError extends Error {
  /** What a refused call was about, for its audit row (http/auditRefusals.ts); never answered. */
  subject?: RefusalSubject;
  /** Set when the service wrote the refusal's audit row itself. */
  audited = false;
  /**
   * What the caller needs to act on the refusal beyond its message (the answer's `error.details`,
   * e.g. the two patients of an import refused as document_patient_differs); answered, never logged.
   */
  details?: unknown;

  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** The record a refusal concerns, as the audit trail names it (ids only). */
export interface RefusalSubject {
  jobId?: number;
  patientId?: number | null;
  corporateStructureId?: number | null;
}

/** `err`, carrying the record it refused access to (the job access checks set it). */
export function about(err: DomainError, subject: RefusalSubject): DomainError {
  err.subject = subject;
  return err;
}

/** `err`, answering `details` beside its message (never logged). */
export function withDetails(err: DomainError, details: unknown): DomainError {
  err.details = details;
  return err;
}

/** `err`, marked as already audited by the service that throws it. */
export function audited(err: DomainError): DomainError {
  err.audited = true;
  return err;
}

/** Whether `err` is a domain error, of `kind` when one is given. */
export function isDomainError(err: unknown, kind?: DomainErrorKind): err is DomainError {
  return err instanceof DomainError && (kind === undefined || err.kind === kind);
}

type Factory = (message: string, code?: string) => DomainError;
const of =
  (kind: DomainErrorKind): Factory =>
  (message, code) =>
    new DomainError(kind, message, code);

/** Bad input. */
export const invalid = of('invalid');
/** Not signed in, or the credentials are wrong. */
export const unauthenticated = of('unauthenticated');
/** Signed in but not permitted. */
export const forbidden = of('forbidden');
/** Missing or another tenant's. */
export const notFound = of('notFound');
/** Booking, version or state conflict. */
export const conflict = of('conflict');
/** A precondition of the caller's does not hold. */
export const preconditionFailed = of('preconditionFailed');
/** Over the size limit. */
export const tooLarge = of('tooLarge');
/** Valid, but nothing could be produced from it. */
export const unprocessable = of('unprocessable');
/** A dependency is missing or down. */
export const unavailable = of('unavailable');
/** Too many tries. */
export const throttled = of('throttled');
/** An operation this server does not offer. */
export const notImplemented = of('notImplemented');
