import { canSeePatientName, type JobListFormat, type JobListRow } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema/index.js';
import { asciiJson } from '../../http/asciiJson.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/resolveSession.js';
import { jobListCompactSql, jobListJsonSql, jobListRowsSql, type ListFilter } from './jobListSql.js';
import { requireFacilities } from './scope.js';

type Formats = { dateFormat: string; timeFormat: string };
type Input = { corpId: number; cfs: readonly number[]; filter: ListFilter };
type ListInput = Input & { format?: JobListFormat };

/** The user's date and time formats for the list's formatted dates. */
export async function userFormats(ctx: AppContext, userId: number): Promise<Formats> {
  const [u] = await ctx.database.db
    .select({ dateFormat: users.dateFormat, timeFormat: users.timeFormat })
    .from(users)
    .where(eq(users.id, userId));
  return { dateFormat: u?.dateFormat ?? 'MM/DD/YYYY', timeFormat: u?.timeFormat ?? 'HH:mm' };
}

function sqlOptions(auth: Auth, input: Input, formats: Formats) {
  return {
    ...input,
    ...formats,
    accountId: auth.accountId!,
    showPatientName: canSeePatientName(auth.permissions),
  };
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}

/** Rows of one queue for a batch of client facilities, as objects (export). Scope-checked by callers. */
export async function queryJobRows(
  ctx: AppContext,
  auth: Auth,
  input: Input,
  formats: Formats,
): Promise<JobListRow[]> {
  return rowsOf(
    await ctx.database.db.execute(jobListRowsSql(sqlOptions(auth, input, formats))),
  ) as JobListRow[];
}

/**
 * alljobs, him and dist (spec 01 §7): one batch of a queue's rows for client facilities of a
 * corporate structure the account may see (404 otherwise), as the JSON text of the list rows —
 * built by the database, so 100,000 rows are never parsed and re-serialised here; in the `rows`
 * or the `compact` format (contract JOB_LIST_FORMATS; in ASCII, see `asciiJson`). Audited.
 */
export async function listJobs(
  ctx: AppContext,
  auth: Auth,
  { format = 'rows', ...input }: ListInput,
  ip: string | null,
): Promise<string> {
  const cfs = await requireFacilities(ctx, auth, input.corpId, input.cfs);
  const formats = await userFormats(ctx, auth.userId);
  const options = sqlOptions(auth, { ...input, cfs }, formats);
  let body: string;
  if (format === 'compact') {
    const [row] = rowsOf(await ctx.database.db.execute(jobListCompactSql(options)));
    const rows = String(row?.rows ?? '');
    // The rows' tuples are kept in ASCII (migration 0007); the header's names are escaped here.
    body = `[${asciiJson(String(row?.header))}${rows ? `,${rows}` : ''}]`;
  } else {
    const [row] = rowsOf(await ctx.database.db.execute(jobListJsonSql(options)));
    body = String(row?.body ?? '[]');
  }
  await recordAudit(ctx, {
    action: 'joblist.read',
    outcome: 'success',
    userId: auth.userId,
    accountId: auth.accountId,
    corporateStructureId: input.corpId,
    ip,
    detail: {
      queue: input.filter,
      format,
      facilities: cfs,
      bytes: body.length,
      patientNames: canSeePatientName(auth.permissions),
    },
  });
  return body;
}
