import { type Signer, type SigningJob, STAGES } from '@quill/core';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import {
  accounts,
  jobs,
  physicians,
  signatures,
  signingDelegates,
  workTypeSigning,
} from '../../db/schema/index.js';
import type { Auth } from '../auth/auth.js';
import { inScope } from '../tenantScope/inScope.js';
import { coversCurrentText } from './currentText.js';

/**
 * Who the signed-in account signs as (issue 43): the physician its account links to
 * (accounts.physician_id) and the physicians it is a signing delegate of.
 */
export async function signerOf(ctx: Pick<AppContext, 'database'>, auth: Auth): Promise<Signer> {
  if (auth.accountId === null) return { physicianId: null, delegateOf: [] };
  const db = ctx.database.db;
  const [account] = await db
    .select({ physicianId: accounts.physicianId })
    .from(accounts)
    .where(eq(accounts.id, auth.accountId));
  const delegated = await db
    .select({ physicianId: signingDelegates.physicianId })
    .from(signingDelegates)
    .where(eq(signingDelegates.accountId, auth.accountId));
  return { physicianId: account?.physicianId ?? null, delegateOf: delegated.map((d) => d.physicianId) };
}

/** The physicians a signer may sign as: its own and those it is a delegate of. */
export function signerPhysicians(signer: Signer): number[] {
  return [...(signer.physicianId === null ? [] : [signer.physicianId]), ...signer.delegateOf];
}

/** A live signature of this meaning on the job's current text (an addendum needs its own). */
const liveSignature = (meaning: string) =>
  sql<boolean>`exists (select 1 from ${signatures} s where s.job_id = ${jobs.id}
    and s.voided_at is null and s.meaning = ${meaning} and ${coversCurrentText(sql`s.job_id`, sql`s.job_version`)})`;

/** A job in ES with what the signing rules read of it (core signatureDue). */
export interface SigningFacts extends SigningJob {
  id: number;
  version: number;
  stageId: number;
}

/**
 * The facts the signing rules read (core SigningJob) of the jobs `where` picks: the dictator's
 * resident flag, the work type's attending and the live signatures. `db` may be a transaction
 * (the sign call reads them under its locks).
 */
export function readSigningFacts(db: Db, where: SQL | undefined): Promise<SigningFacts[]> {
  return db
    .select({
      id: jobs.id,
      version: jobs.version,
      stageId: jobs.stageId,
      dictatorId: jobs.dictatorId,
      dictatedForId: jobs.dictatedForId,
      residentDictator: sql<boolean>`coalesce(${physicians.residentFlag}, false)`,
      workTypeAttendingId: workTypeSigning.attendingPhysicianId,
      authorSigned: liveSignature('author'),
      coSigned: liveSignature('co-signer'),
    })
    .from(jobs)
    .leftJoin(physicians, eq(physicians.id, jobs.dictatorId))
    .leftJoin(workTypeSigning, eq(workTypeSigning.workTypeId, jobs.workTypeId))
    .where(where)
    .orderBy(jobs.id);
}

/**
 * The jobs in ES of the account's structures that name one of the signer's physicians as dictator,
 * Dictated For or their work type's attending — the candidates the rules then decide on.
 */
export function candidateJobs(ctx: Pick<AppContext, 'database'>, auth: Auth, signer: Signer) {
  const ids = signerPhysicians(signer);
  if (ids.length === 0) return Promise.resolve([]);
  return readSigningFacts(
    ctx.database.db,
    and(
      eq(jobs.stageId, STAGES.eSignature.id),
      inScope(auth.scope, jobs.corporateStructureId),
      or(
        inArray(jobs.dictatorId, ids),
        inArray(jobs.dictatedForId, ids),
        inArray(workTypeSigning.attendingPhysicianId, ids),
      ),
    ),
  );
}
