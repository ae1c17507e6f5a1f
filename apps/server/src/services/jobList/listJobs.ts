import { canSeePatientName, type JobListFormat, type JobListRow } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema/index.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/auth.js';
import { requireFacilities } from '../tenantScope/requireStructure.js';
import { asciiJson } from './asciiJson.js';
import { jobListBinarySql, jobListJsonSql, jobListRowsSql, type ListFilter } from './jobListSql.js';

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
    showPatient: canSeePatientName(auth.permissions),
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

/** A list answer: JSON text (`rows`) or bytes (`binary`), and its content type. */
export interface JobListAnswer {
  type: string;
  body: string | Buffer;
}

/**
 * The rows' bytes, which the statement answers in base64: the driver reads every value as text,
 * and base64 is two thirds of hex's length (bytea's own text form) — a third less for PostgreSQL to
 * write, for the socket to carry and for the driver to copy and decode (bench: 120–170 ms of the
 * server's CPU for a 94,000-row list instead of 170–270 ms).
 */
function bytesOf(base64: unknown): Buffer {
  return typeof base64 === 'string' ? Buffer.from(base64, 'base64') : Buffer.alloc(0);
}

/**
 * alljobs, him and dist (spec 01 §7): one batch of a queue's rows for client facilities of a
 * corporate structure the account may see (404 otherwise), built by the database — so 100,000
 * rows are never parsed and re-serialised here — in the `rows` (JSON) or the `binary` format
 * (contract JOB_LIST_FORMATS; its header in ASCII, see `asciiJson`). Audited.
 */
export async function listJobs(
  ctx: AppContext,
  auth: Auth,
  { format = 'rows', ...input }: ListInput,
  ip: string | null,
): Promise<JobListAnswer> {
  const cfs = await requireFacilities(ctx, auth.scope, input.corpId, input.cfs);
  const formats = await userFormats(ctx, auth.userId);
  const options = sqlOptions(auth, { ...input, cfs }, formats);
  let answer: JobListAnswer;
  if (format === 'binary') {
    const [row] = rowsOf(await ctx.database.db.execute(jobListBinarySql(options)));
    const header = Buffer.from(asciiJson(String(row?.header)), 'latin1');
    const length = Buffer.alloc(4);
    length.writeUInt32BE(header.length);
    answer = {
      type: 'application/octet-stream',
      body: Buffer.concat([length, header, bytesOf(row?.rows)]),
    };
  } else {
    const [row] = rowsOf(await ctx.database.db.execute(jobListJsonSql(options)));
    answer = { type: 'application/json; charset=utf-8', body: String(row?.body ?? '[]') };
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
      bytes: answer.body.length,
      patientNames: canSeePatientName(auth.permissions),
    },
  });
  return answer;
}
