import { type Attachment, attachmentRangeProblem, MAX_ATTACHMENT_RESULTS, message } from '@quill/core';
import { and, asc, desc, eq, gt, lte } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { attachments } from '../../db/schema/index.js';
import { invalid } from '../../errors/domainErrors.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/resolveSession.js';
import { requireAttachmentFacility } from './attachmentAccess.js';
import { auditDenied } from './auditAttachment.js';

/** The range of a search: context times after `after` and at or before `before`. */
export interface AttachmentRange {
  after: Date;
  before: Date;
}

/**
 * GET {host}/Attachments/v1/Company/{clientFacilityId} (spec 02 §7): the facility's attachments
 * whose context time is in (after, before], newest first, at most MAX_ATTACHMENT_RESULTS. A range
 * the spec refuses (§5: over 180 days, To before From) is 400 with the spec's text; a facility
 * the account may not see is 404. Audited with ids and counts only.
 */
export async function searchAttachments(
  ctx: AppContext,
  auth: Auth,
  clientFacilityId: number,
  range: AttachmentRange,
  ip: string | null,
): Promise<Attachment[]> {
  const problem = attachmentRangeProblem(range.after, range.before);
  if (problem) throw invalid(message(problem));
  const cf = await requireAttachmentFacility(ctx, auth, clientFacilityId).catch(async (err) => {
    await auditDenied(ctx, auth, 'attachment.search', ip, { clientFacilityId });
    throw err;
  });
  const rows = await ctx.database.db
    .select({
      id: attachments.id,
      name: attachments.name,
      description: attachments.description,
      contextStartAt: attachments.contextStartAt,
    })
    .from(attachments)
    .where(
      and(
        eq(attachments.clientFacilityId, clientFacilityId),
        gt(attachments.contextStartAt, range.after),
        lte(attachments.contextStartAt, range.before),
      ),
    )
    .orderBy(desc(attachments.contextStartAt), asc(attachments.id))
    .limit(MAX_ATTACHMENT_RESULTS);
  await recordAudit(ctx, {
    action: 'attachment.search',
    outcome: 'success',
    userId: auth.userId,
    accountId: auth.accountId,
    corporateStructureId: cf.corporateStructureId,
    ip,
    detail: {
      clientFacilityId,
      after: range.after.toISOString(),
      before: range.before.toISOString(),
      count: rows.length,
    },
  });
  return rows.map((r) => ({
    attachmentNonSequentialID: r.id,
    attachmentName: r.name,
    attachmentDescription: r.description,
    contextStartUTC: r.contextStartAt.toISOString(),
  }));
}
