import type { CdaEdits, HoldQueueCheckRow, JobDataRequest } from '@quill/core';
import { message } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { jobs } from '../../../db/schema/index.js';
import { invalid } from '../../../errors/domainErrors.js';
import { auditJob } from '../../audit/auditJob.js';
import type { Auth } from '../../auth/auth.js';
import { requireJob } from '../../tenantScope/requireJob.js';
import { applyDocumentEdits } from '../applyDocumentEdits.js';
import { currentDocument } from '../currentDocument.js';
import { cdaTextOf } from '../documentText.js';
import { checkJobData, writeJobData } from '../writeJobData.js';
import { evaluateJobRules } from './evaluateJobRules.js';
import { readJobDocumentFacts } from './holdQueueFacts.js';

/** Thrown to roll back the trial write once the rules have been evaluated on it. */
class Rollback extends Error {
  constructor(readonly rows: HoldQueueCheckRow[]) {
    super('rollback');
  }
}

/**
 * POST /api/job/RunHoldQueueCheck: the facility's rules on the job as it would be saved — the
 * posted job data and the CDA text with the posted edits applied — without saving anything (the
 * job data is written in a transaction that is always rolled back). Answers one row per rule.
 */
export async function runHoldQueueCheck(
  ctx: AppContext,
  auth: Auth,
  input: { jobId: number; setJobDataRequest?: JobDataRequest | undefined; cda?: CdaEdits | undefined },
  ip: string | null,
): Promise<HoldQueueCheckRow[]> {
  const job = await requireJob(ctx, auth.scope, input.jobId);
  if (input.setJobDataRequest && input.setJobDataRequest.jobId !== input.jobId)
    throw invalid(message('job.jobDataMismatch', { jobId: input.jobId }));
  const doc = await currentDocument(ctx.database.db, input.jobId);
  const current = await cdaTextOf(ctx, doc);
  if (input.cda && !current) throw invalid(message('job.noDocumentToEdit', { jobId: input.jobId }));
  const xml = current
    ? input.cda
      ? await applyDocumentEdits(ctx, current.xml, input.cda)
      : current.xml
    : null;
  const document = await readJobDocumentFacts(ctx, doc, xml);
  let rows: HoldQueueCheckRow[];
  try {
    await ctx.database.db.transaction(async (tx) => {
      if (input.setJobDataRequest) {
        const checked = await checkJobData(tx, auth, job, input.setJobDataRequest, 'check');
        await writeJobData(tx, auth, job, checked, auth.username);
      }
      const [fresh] = await tx.select().from(jobs).where(eq(jobs.id, job.id));
      throw new Rollback(await evaluateJobRules(ctx, tx, fresh!, document));
    });
    rows = [];
  } catch (err) {
    if (!(err instanceof Rollback)) throw err;
    rows = err.rows;
  }
  await auditJob(ctx, auth, job, 'job.holdQueue.check', ip, { rules: rows.length });
  return rows;
}
