import { randomUUID } from 'node:crypto';
import { type FaxRequest, type FaxResult, message, normaliseFaxNumber } from '@quill/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import {
  documentVersions,
  faxRecordJobs,
  faxRecords,
  physicians,
  recipients,
} from '../../db/schema/index.js';
import { transactionSql } from '../../db/transactionSql.js';
import { HttpError } from '../../http/httpError.js';
import { sendFaxTask } from '../../tasks/sendFax.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/resolveSession.js';
import { requireJobs } from '../jobs/requireJobs.js';

type Recipient = FaxRequest['recipients'][number] & { number: string };

/** Each recipient's number normalised (spec 01 §5); a repeated number is faxed once. */
function normaliseRecipients(list: FaxRequest['recipients']): Recipient[] {
  const seen = new Set<string>();
  const out: Recipient[] = [];
  for (const r of list) {
    const number = normaliseFaxNumber(r.faxNumber);
    if (!number) throw new HttpError(400, message('fax.invalidNumber', { name: r.name }));
    if (seen.has(number)) continue;
    seen.add(number);
    out.push({ ...r, number });
  }
  return out;
}

/**
 * For each job, the job's own recipient row a fax recipient stands for, if any: the row itself
 * (contact list ids are recipient ids) or the job's live row for the same physician (search ids
 * are physician ids, and a contact of one job may be a recipient of the others too).
 */
async function recipientLinks(ctx: AppContext, csId: number, jobIds: number[], list: Recipient[]) {
  const rows = await ctx.database.db
    .select({ id: recipients.id, jobId: recipients.jobId, physicianId: recipients.physicianId })
    .from(recipients)
    .where(and(inArray(recipients.jobId, jobIds), eq(recipients.removed, false)));
  const physicianType = message('fax.recipientTypes.physician');
  const searchIds = list.filter((r) => r.recipientType === physicianType && r.id !== null).map((r) => r.id!);
  const known = searchIds.length
    ? new Set(
        (
          await ctx.database.db
            .select({ id: physicians.id })
            .from(physicians)
            .where(and(eq(physicians.corporateStructureId, csId), inArray(physicians.id, searchIds)))
        ).map((p) => p.id),
      )
    : new Set<number>();
  return (r: Recipient, jobId: number): number | null => {
    if (r.id === null) return null;
    const physicianId =
      r.recipientType === physicianType
        ? known.has(r.id)
          ? r.id
          : null
        : (rows.find((row) => row.id === r.id)?.physicianId ?? null);
    const own = rows.find(
      (row) =>
        row.jobId === jobId &&
        ((r.recipientType !== physicianType && row.id === r.id) ||
          (physicianId !== null && row.physicianId === physicianId)),
    );
    return own?.id ?? null;
  };
}

/**
 * POST /api/jobs/Fax: checks every job (the account's, one client facility, each with a document)
 * and every recipient's number, then in one transaction writes one fax record per recipient
 * (status queued, a fresh idempotency key) with its jobs and enqueues one durable sendFax task per
 * record, whose pg-boss id is that key. Nothing is written or queued when a check fails. Jobs of
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
  if (missing !== undefined) throw new HttpError(422, message('fax.noDocument', { jobId: missing }));

  const linkOf = await recipientLinks(ctx, found[0]!.corporateStructureId, jobIds, list);
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
    await auditJob(ctx, auth, job, 'fax.queue', ip, {
      faxRecordIds: records.map((r) => r.id),
      jobs: jobIds.length,
    });
  }
  return { success: true, text: message('fax.queued') };
}
