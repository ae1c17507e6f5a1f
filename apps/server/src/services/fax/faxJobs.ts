import { randomUUID } from 'node:crypto';
import { type FaxRequest, type FaxResult, groupFaxes, message, normaliseFaxNumber } from '@quill/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { documentVersions, faxRecordJobs, faxRecords } from '../../db/schema/index.js';
import { transactionSql } from '../../db/transactionSql.js';
import { conflict, invalid, unprocessable } from '../../errors/domainErrors.js';
import { sendFaxTask } from '../../tasks/sendFax.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/auth.js';
import { requireJobs } from '../tenantScope/requireJobs.js';
import { type ContactLinkOf, faxContactLinks, type LinkedRecipient } from './faxContactLinks.js';
import { FaxRequestKeyTaken, faxRequestKeyOf, firstFaxAnswer, keepFaxAnswer } from './faxRequestKeys.js';

/** A recipient of the request, its number normalised, with the jobs chosen for it (if named). */
type Recipient = LinkedRecipient & { jobIds?: number[] };

/** Each recipient's number normalised (spec 01 §5); a number that is not digits is refused. */
function normaliseRecipients(list: FaxRequest['recipients']): Recipient[] {
  return list.map((r) => {
    const number = normaliseFaxNumber(r.faxNumber);
    if (!number) throw invalid(message('fax.invalidNumber', { name: r.name }));
    return { ...r, number };
  });
}

/** A planned fax: whom it is addressed to, its jobs, and each job's own contact row (or null). */
interface FaxToQueue {
  to: Recipient;
  jobIds: number[];
  linkOf: (jobId: number) => number | null;
}

/**
 * Which jobs go in which fax (core rule `groupFaxes`): by default each recipient receives only the
 * jobs chosen for it or, when none are named, the jobs it is a contact of; every job only with
 * `together`. A recipient who would receive no job is refused (400) rather than guessed at. At one
 * number the fax is addressed to the first recipient, and a job reaches its own contact when any
 * recipient at that number is that contact.
 */
function planFaxes(request: FaxRequest, list: Recipient[], jobIds: number[], linkOf: ContactLinkOf) {
  const { faxes, forNoJob } = groupFaxes(
    jobIds,
    list.map((r) => ({
      ...r,
      chosen: r.jobIds,
      contactOf: jobIds.filter((jobId) => linkOf(r, jobId) !== null),
    })),
    request.together === true,
  );
  const lost = forNoJob[0];
  if (lost) throw invalid(message('fax.recipientNoJobs', { name: lost.name, jobIds: jobIds.join(', ') }));
  return faxes.map(
    (f): FaxToQueue => ({
      to: f.recipients[0]!,
      jobIds: f.jobIds,
      linkOf: (jobId) => f.recipients.map((r) => linkOf(r, jobId)).find((id) => id !== null) ?? null,
    }),
  );
}

/**
 * A job goes to someone outside its own contacts only when the user confirmed it (issue 18: one
 * patient's letter must not reach another patient's physician by a click). The refusal names the
 * first such recipient and the jobs concerned.
 */
function requireConfirmedOutsideContacts(request: FaxRequest, faxes: FaxToQueue[]) {
  if (request.confirmOutsideContacts) return;
  for (const fax of faxes) {
    const outside = fax.jobIds.filter((jobId) => fax.linkOf(jobId) === null);
    if (outside.length)
      throw conflict(
        message('fax.outsideContacts', { name: fax.to.name, jobIds: outside.join(', ') }),
        'outside_contacts',
      );
  }
}

/**
 * In the caller's transaction: one fax record per planned fax (status queued, a fresh idempotency
 * key) with its jobs, and one durable sendFax task per record, whose pg-boss id is that key.
 */
async function queueFaxes(ctx: AppContext, auth: Auth, tx: Tx, faxes: FaxToQueue[]) {
  const { config } = ctx;
  const made = await tx
    .insert(faxRecords)
    .values(
      faxes.map((f) => ({
        jobId: f.jobIds[0]!,
        idempotencyKey: randomUUID(),
        recipientName: f.to.name,
        faxNumber: f.to.number,
        recipientType: f.to.recipientType,
        status: 'queued',
        transport: config.FAX_TRANSPORT,
        requestedByAccountId: auth.accountId,
      })),
    )
    .returning({ id: faxRecords.id, key: faxRecords.idempotencyKey, number: faxRecords.faxNumber });
  await tx.insert(faxRecordJobs).values(
    made.flatMap((record, i) =>
      faxes[i]!.jobIds.map((jobId, ordinal) => ({
        faxRecordId: record.id,
        jobId,
        ordinal,
        recipientId: faxes[i]!.linkOf(jobId),
      })),
    ),
  );
  await ctx.tasks.insert(
    sendFaxTask,
    made.map((record) => ({ id: record.key, payload: { faxRecordId: record.id } })),
    {
      db: transactionSql(tx),
      retryLimit: config.FAX_RETRY_LIMIT,
      retryDelaySeconds: config.FAX_RETRY_DELAY_SECONDS,
      expireInSeconds: config.FAX_SEND_TIMEOUT_SECONDS,
    },
  );
  return made.map((record, i) => ({ ...record, fax: faxes[i]! }));
}

/**
 * POST /api/jobs/Fax: checks every job (the account's, one client facility, each with a document)
 * and every recipient's number, plans the faxes (each job only to its own chosen recipients unless
 * the request sends them `together`; one fax per number), then in one transaction writes one fax
 * record per planned fax (status queued, a fresh idempotency key) with its jobs and enqueues one
 * durable sendFax task per record, whose pg-boss id is that key. Nothing is written or queued when
 * a check fails. A job going to someone who is not one of its own contacts answers 409 unless the
 * request confirms it (`confirmOutsideContacts`); each job's audit row then names the fax records
 * that went outside its contacts, and each job's `fax_record_jobs` row says whether it reached its
 * own contact. Jobs of several client facilities answer `{success: false}` with the spec's
 * message, for the dialog to show (docs/decisions.md). A request that carries a key
 * (`requestKey`, issue 41) is sent once: a repeat of the key answers the first answer and queues
 * nothing (services/fax/faxRequestKeys.ts).
 */
export async function faxJobs(
  ctx: AppContext,
  auth: Auth,
  request: FaxRequest,
  ip: string | null,
): Promise<FaxResult> {
  const found = await requireJobs(ctx, auth.scope, request.jobIds);
  // Issue 41: a retry of a request that was answered (and perhaps never heard) faxes nothing again.
  const key = faxRequestKeyOf(auth.accountId, request);
  const first = key && (await firstFaxAnswer(ctx.database.db, key));
  if (first) return first;
  const list = normaliseRecipients(request.recipients);
  if (new Set(found.map((j) => j.clientFacilityId)).size > 1) {
    return { success: false, text: message('fax.sameFacility') };
  }
  const jobIds = found.map((j) => j.id);
  const withDocument = new Set(
    (
      await ctx.database.db
        .selectDistinct({ jobId: documentVersions.jobId })
        .from(documentVersions)
        .where(and(inArray(documentVersions.jobId, jobIds), eq(documentVersions.isDraft, false)))
    ).map((d) => d.jobId),
  );
  const missing = jobIds.find((id) => !withDocument.has(id));
  if (missing !== undefined) throw unprocessable(message('fax.noDocument', { jobId: missing }));

  const linkOf = await faxContactLinks(ctx, found[0]!.corporateStructureId, jobIds, list);
  const faxes = planFaxes(request, list, jobIds, linkOf);
  requireConfirmedOutsideContacts(request, faxes);
  const queued: FaxResult = { success: true, text: message('fax.queued') };
  let records: Awaited<ReturnType<typeof queueFaxes>>;
  try {
    records = await ctx.database.db.transaction(async (tx) => {
      if (key) await keepFaxAnswer(tx, key, queued);
      return queueFaxes(ctx, auth, tx, faxes);
    });
  } catch (err) {
    // The same key sent twice at once: the first to commit faxed; this one answers what it did.
    if (key && err instanceof FaxRequestKeyTaken)
      return (await firstFaxAnswer(ctx.database.db, key)) ?? queued;
    throw err;
  }
  for (const job of found) {
    const carrying = records.filter((r) => r.fax.jobIds.includes(job.id));
    if (!carrying.length) continue;
    const outside = carrying.filter((r) => r.fax.linkOf(job.id) === null).map((r) => r.id);
    await auditJob(ctx, auth, job, 'fax.queue', ip, {
      faxRecordIds: carrying.map((r) => r.id),
      jobs: jobIds.length,
      ...(outside.length ? { outsideContactsConfirmed: outside } : {}),
    });
  }
  return queued;
}
