import { createHash } from 'node:crypto';
import {
  type DueSignature,
  isDistributionStage,
  message,
  type Signer,
  type SignRequestSchema,
  type SignResultSchema,
  STAGES,
  signatureDue,
  stageAfterSignature,
} from '@quill/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { jobs, recipients, signatures } from '../../db/schema/index.js';
import { conflict, forbidden } from '../../errors/domainErrors.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/auth.js';
import { startDistribution } from '../delivery/startDistribution.js';
import { currentDocument } from '../jobEditor/currentDocument.js';
import { requireJobs } from '../tenantScope/requireJobs.js';
import { checkSigningPassword } from './checkSigningPassword.js';
import { readSigningFacts, type SigningFacts, signerOf } from './signingFacts.js';
import { consumeReauthentication, requireFreshReauthentication } from './signingReauthentication.js';

type SignRequest = z.infer<typeof SignRequestSchema>;
type SignResult = z.infer<typeof SignResultSchema>;
type Job = typeof jobs.$inferSelect;

/** One job checked and ready to sign: the signature it gets and the document version it covers. */
interface Checked {
  job: Job;
  facts: SigningFacts;
  due: DueSignature;
  document: { id: number; sha256: string };
  stageId: number;
}

/** The distribution methods of the job's live recipients (core distributionStage reads them). */
async function liveMethods(tx: Db, jobId: number): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ method: recipients.distributionMethod })
    .from(recipients)
    .where(and(eq(recipients.jobId, jobId), eq(recipients.removed, false)));
  return rows.map((r) => r.method);
}

/**
 * Checks one job under its lock: waiting in ES (409), at the version the signer read (409), awaiting
 * this signer's signature (403), with a document (409) — whose bytes' SHA-256 the signature holds.
 */
async function checkJob(
  ctx: AppContext,
  tx: Db,
  signer: Signer,
  at: { job: Job; facts: SigningFacts | undefined; version: number },
): Promise<Checked> {
  const { job, facts, version } = at;
  const jobId = job.id;
  if (!facts || facts.stageId !== STAGES.eSignature.id)
    throw conflict(message('signatureRules.notWaiting', { jobId }), 'not_waiting');
  if (facts.version !== version) throw conflict(message('signatureRules.stale', { jobId }), 'stale_version');
  const due = signatureDue(facts, signer);
  if (!due) throw forbidden(message('signatureRules.notYours', { jobId }));
  const doc = await currentDocument(tx, jobId);
  if (!doc) throw conflict(message('signatureRules.noDocument', { jobId }), 'no_document');
  const sha256 = createHash('sha256')
    .update(await ctx.blobs.get(doc.blobKey))
    .digest('hex');
  const stageId = stageAfterSignature(facts, due, await liveMethods(tx, jobId));
  return { job, facts, due, document: { id: doc.id, sha256 }, stageId };
}

/** Writes one checked job's signature, its row and its audit row, in the caller's transaction. */
async function writeSignature(tx: Db, auth: Auth, c: Checked, ip: string | null, ctx: AppContext) {
  const [row] = await tx
    .insert(signatures)
    .values({
      jobId: c.job.id,
      jobVersion: c.facts.version,
      documentVersionId: c.document.id,
      documentSha256: c.document.sha256,
      meaning: c.due.meaning,
      physicianId: c.due.physicianId,
      accountId: auth.accountId!,
      onBehalf: c.due.onBehalf,
    })
    .returning({ signedAt: signatures.signedAt });
  const toManualList = c.stageId === STAGES.manualDistribution.id;
  await tx
    .update(jobs)
    .set({
      signed: true,
      signedAt: row!.signedAt,
      forceResign: false,
      resignReason: null,
      stageId: c.stageId,
      ...(toManualList ? { onManualList: true, clearedAt: null } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(jobs.id, c.job.id));
  await auditJob(
    ctx,
    auth,
    c.job,
    'job.sign',
    ip,
    {
      meaning: c.due.meaning,
      onBehalf: c.due.onBehalf,
      physicianId: c.due.physicianId,
      version: c.facts.version,
      documentVersionId: c.document.id,
      fromStageId: c.facts.stageId,
      stageId: c.stageId,
    },
    tx,
  );
  return {
    jobId: c.job.id,
    meaning: c.due.meaning,
    stageId: c.stageId,
    signedAt: row!.signedAt.toISOString(),
  };
}

/**
 * POST /api/signing/sign (issue 43): signs one job or several with the password asked again, or
 * with a fresh OIDC authentication of the session — all or none. Another tenant's job answers 404
 * before the password or the authentication is checked; a wrong password or no fresh
 * authentication 403 (checkSigningPassword, signingReauthentication), nothing signed; the fresh
 * authentication is used up in the signature's transaction. Then, in ONE transaction with every job locked, each job
 * is checked (still in ES, at the version the signer read, awaiting this account's signature, with
 * a document: else 409/403 and nothing is signed) and signed: a `signatures` row (the current
 * document version and the SHA-256 of its bytes, the meaning, the physician, the account, on
 * behalf), the job signed now (UTC) and no longer to be signed again, moved to the stage after the
 * signature (core stageAfterSignature), and a 'job.sign' audit row (no text).
 */
export async function signJobs(
  ctx: AppContext,
  auth: Auth,
  request: SignRequest,
  ip: string | null,
): Promise<SignResult> {
  const jobIds = [...new Set(request.jobs.map((j) => j.jobId))];
  await requireJobs(ctx, auth.scope, jobIds);
  const attempt = { jobIds, ip };
  if (request.reauthenticated) await requireFreshReauthentication(ctx, auth, attempt);
  else await checkSigningPassword(ctx, auth, request.password ?? '', attempt);
  const signer = await signerOf(ctx, auth);
  return ctx.database.db.transaction(async (tx) => {
    if (request.reauthenticated) await consumeReauthentication(tx, auth);
    const locked = await tx
      .select()
      .from(jobs)
      .where(inArray(jobs.id, jobIds))
      .orderBy(jobs.id)
      .for('update');
    const byId = new Map(locked.map((j) => [j.id, j]));
    const facts = new Map((await readSigningFacts(tx, inArray(jobs.id, jobIds))).map((f) => [f.id, f]));
    const checked: Checked[] = [];
    for (const { jobId, version } of request.jobs) {
      if (checked.some((c) => c.job.id === jobId)) continue;
      checked.push(
        await checkJob(ctx, tx, signer, { job: byId.get(jobId)!, facts: facts.get(jobId), version }),
      );
    }
    const signed = [];
    for (const c of checked) {
      signed.push(await writeSignature(tx, auth, c, ip, ctx));
      // The final copies go out with the signature that lets them (services/delivery).
      if (isDistributionStage(c.stageId)) await startDistribution(ctx, tx, c.job.id);
    }
    return { signed };
  });
}
