import { randomUUID } from 'node:crypto';
import { type FaxRequest, type FaxResult, message, normaliseFaxNumber } from '@quill/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { documentVersions, faxRecordJobs, faxRecords } from '../../db/schema/index.js';
import { transactionSql } from '../../db/transactionSql.js';
import { conflict, invalid, unprocessable } from '../../errors/domainErrors.js';
import { sendFaxTask } from '../../tasks/sendFax.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/resolveSession.js';
import { requireJobs } from '../jobAccess/requireJobs.js';
import { type ContactLinkOf, faxContactLinks, type LinkedRecipient } from './faxContactLinks.js';

type Recipient = LinkedRecipient;

/** Each recipient's number normalised (spec 01 §5); a repeated number is faxed once. */
function normaliseRecipients(list: FaxRequest['recipients']): Recipient[] {
  const seen = new Set<string>();
  const out: Recipient[] = [];
  for (const r of list) {
    const number = normaliseFaxNumber(r.faxNumber);
    if (!number) throw invalid(message('fax.invalidNumber', { name: r.name }));
    if (seen.has(number)) continue;
    seen.add(number);
    out.push({ ...r, number });
  }
  return out;
}

/**
 * A job goes to someone outside its own contacts only when the user confirmed it (issue 18: one
 * patient's letter must not reach another patient's physician by a click). The refusal names the
 * first such recipient and the jobs concerned.
 */
function requireConfirmedOutsideContacts(
  request: FaxRequest,
  list: Recipient[],
  jobIds: number[],
  linkOf: ContactLinkOf,
) {
  if (request.confirmOutsideContacts) return;
  for (const r of list) {
    const outside = jobIds.filter((jobId) => linkOf(r, jobId) === null);
    if (outside.length)
      throw conflict(
        message('fax.outsideContacts', { name: r.name, jobIds: outside.join(', ') }),
        'outside_contacts',
      );
  }
}

/**
 * POST /api/jobs/Fax: checks every job (the account's, one client facility, each with a document)
 * and every recipient's number, then in one transaction writes one fax record per recipient
 * (status queued, a fresh idempotency key) with its jobs and enqueues one durable sendFax task per
 * record, whose pg-boss id is that key. Nothing is written or queued when a check fails. A
 * recipient who is not one of a job's own contacts answers 409 unless the request confirms it
 * (`confirmOutsideContacts`); each job's audit row then names the fax records that went outside
 * its contacts, and each job's `fax_record_jobs` row says whether it reached its own contact. Jobs of
 * several client facilities answer `{success: false}` with the spec's message, for the dialog to
 * show (docs/decisions.md).
 */
export async function faxJobs(
  ctx: AppContext,
  auth: Auth,
  request: FaxRequest,
  ip: string | null,
): Promise<FaxResult> {
  const found = await requireJobs(ctx, auth, request.jobIds);
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
  requireConfirmedOutsideContacts(request, list, jobIds, linkOf);
  const { config } = ctx;
  const records = await ctx.database.db.transaction(async (tx) => {
    const made = await tx
      .insert(faxRecords)
      .values(
        list.map((r) => ({
          jobId: jobIds[0]!,
          idempotencyKey: randomUUID(),
          recipientName: r.name,
          faxNumber: r.number,
          recipientType: r.recipientType,
          status: 'queued',
          transport: config.FAX_TRANSPORT,
          requestedByAccountId: auth.accountId,
        })),
      )
      .returning({ id: faxRecords.id, key: faxRecords.idempotencyKey, number: faxRecords.faxNumber });
    await tx.insert(faxRecordJobs).values(
      made.flatMap((record, i) =>
        jobIds.map((jobId, ordinal) => ({
          faxRecordId: record.id,
          jobId,
          ordinal,
          recipientId: linkOf(list[i]!, jobId),
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
    return made;
  });
  for (const job of found) {
    const outside = records.filter((_, i) => linkOf(list[i]!, job.id) === null).map((r) => r.id);
    await auditJob(ctx, auth, job, 'fax.queue', ip, {
      faxRecordIds: records.map((r) => r.id),
      jobs: jobIds.length,
      ...(outside.length ? { outsideContactsConfirmed: outside } : {}),
    });
  }
  return { success: true, text: message('fax.queued') };
}
