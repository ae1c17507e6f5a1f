import { type DueSignature, LIMITS, type Signer, signatureDue } from '@quill/core';
import type { AppContext } from '../../context.js';
import type { Auth } from '../auth/auth.js';
import { candidateJobs, type SigningFacts, signerOf } from './signingFacts.js';

/** A job waiting for the account's signature, with the signature it awaits. */
export interface ToSignJob {
  job: SigningFacts;
  due: DueSignature;
}

/**
 * Every job in ES of the account's structures that awaits a signature of the signed-in account
 * (core signatureDue: as the dictator or Dictated For, as a delegate, or as co-signer once the
 * author signed), oldest first.
 */
export async function toSignJobs(
  ctx: Pick<AppContext, 'database'>,
  auth: Auth,
): Promise<{ signer: Signer; due: ToSignJob[] }> {
  const signer = await signerOf(ctx, auth);
  const due: ToSignJob[] = [];
  for (const job of await candidateJobs(ctx, auth, signer)) {
    const signature = signatureDue(job, signer);
    if (signature) due.push({ job, due: signature });
  }
  return { signer, due };
}

/** The first page of {@link toSignJobs} (LIMITS.toSignPage) and the full count. */
export async function toSignPage(ctx: Pick<AppContext, 'database'>, auth: Auth) {
  const { due } = await toSignJobs(ctx, auth);
  return { page: due.slice(0, LIMITS.toSignPage), count: due.length };
}
