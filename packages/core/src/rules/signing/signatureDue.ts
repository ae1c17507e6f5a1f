import type { SignatureMeaning } from '../../contract/signing.js';

/** What the signing rules read of a job waiting in e-signature (ES). */
export interface SigningJob {
  dictatorId: number | null;
  dictatedForId: number | null;
  /** The dictator is a resident (physicians.resident_flag): an attending co-signs after them. */
  residentDictator: boolean;
  /** The attending named on the job's work type (work_type_signing.attending_physician_id). */
  workTypeAttendingId: number | null;
  /** A live (not voided) author signature exists. */
  authorSigned: boolean;
  /** A live co-signature exists. */
  coSigned: boolean;
}

/** Who signs: the physician the account is (accounts.physician_id) and those it may sign for. */
export interface Signer {
  physicianId: number | null;
  /** Physicians the account is a signing delegate of (signing_delegates). */
  delegateOf: readonly number[];
}

/** The signature an account may make on a job: its meaning, whose it is, and whether on behalf. */
export interface DueSignature {
  meaning: SignatureMeaning;
  physicianId: number;
  onBehalf: boolean;
}

/**
 * The physicians whose signature is the author's (issue 43): the dictator, and the job's Dictated
 * For physician — unless the dictator is a resident, whose Dictated For is the co-signer instead.
 */
export function authorPhysicians(job: SigningJob): number[] {
  const ids = job.residentDictator ? [job.dictatorId] : [job.dictatorId, job.dictatedForId];
  return [...new Set(ids.filter((id): id is number => id !== null))];
}

/**
 * The co-signer of a resident's job: the attending named on the work type, else the job's Dictated
 * For physician when it is not the dictator. Null when no co-signature is needed: the dictator is
 * no resident, or no attending is named (the author's signature then completes the job).
 */
export function coSignerOf(job: SigningJob): number | null {
  if (!job.residentDictator) return null;
  if (job.workTypeAttendingId !== null) return job.workTypeAttendingId;
  return job.dictatedForId !== null && job.dictatedForId !== job.dictatorId ? job.dictatedForId : null;
}

/** One of `physicians` the signer signs as: itself first, else one it is a delegate of. */
function signAs(
  signer: Signer,
  physicians: readonly number[],
): { physicianId: number; onBehalf: boolean } | null {
  if (signer.physicianId !== null && physicians.includes(signer.physicianId))
    return { physicianId: signer.physicianId, onBehalf: false };
  const delegated = physicians.find((id) => signer.delegateOf.includes(id));
  return delegated === undefined ? null : { physicianId: delegated, onBehalf: true };
}

/**
 * The signature a job in ES awaits from this signer (issue 43), or null when it awaits none of
 * theirs: first the author's (the dictator or Dictated For, or as their delegate: on behalf), then —
 * for a resident's job, once the author signed — the co-signer's.
 */
export function signatureDue(job: SigningJob, signer: Signer): DueSignature | null {
  if (!job.authorSigned) {
    const author = signAs(signer, authorPhysicians(job));
    return author && { meaning: 'author', ...author };
  }
  const coSigner = coSignerOf(job);
  if (coSigner === null || job.coSigned) return null;
  const co = signAs(signer, [coSigner]);
  return co && { meaning: 'co-signer', ...co };
}
