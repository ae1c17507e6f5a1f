import { distributionStage } from '../jobEditor/saveOutcome.js';
import { STAGES } from '../jobList/stages.js';
import { coSignerOf, type DueSignature, type SigningJob } from './signatureDue.js';

/**
 * The stage a job moves to once `signature` is made (issue 43): a resident's author signature keeps
 * it in ES waiting for the co-signer; any other signature completes it, and it goes to distribution
 * by its recipients' methods (core distributionStage).
 */
export function stageAfterSignature(
  job: SigningJob,
  signature: Pick<DueSignature, 'meaning'>,
  distributionMethods: readonly string[],
): number {
  if (signature.meaning === 'author' && coSignerOf(job) !== null) return STAGES.eSignature.id;
  return distributionStage(distributionMethods);
}

/**
 * Whether a job still needs a signature when it leaves transcription (issue 43): unsigned or to be
 * signed again — unless its work type distributes without a signature
 * (work_type_signing.requires_signature false).
 */
export function needsSignature(job: { signed: boolean; forceResign: boolean }, requiresSignature: boolean) {
  return requiresSignature && (!job.signed || job.forceResign);
}
