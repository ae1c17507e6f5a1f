import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { jobs, signatures } from '../../db/schema/index.js';
import { type DistributablePdf, distributablePdf, sealPdf } from './distributedPdf.js';

/** Copies one process keeps, and how long: the deliveries of one version go out within minutes. */
const KEPT = 64;
const KEPT_MS = 10 * 60_000;

interface Copy {
  at: number;
  rendered: Promise<DistributablePdf>;
  sealed?: Promise<Buffer>;
}

const copiesOf = new WeakMap<AppContext, Map<string, Copy>>();

/**
 * What a job's distributed PDF is made of: the job, its version, its live signatures (a signature
 * or a co-signature changes the PDF without a new version), whether its signature was voided, and
 * preliminary or final. Null for a job that is gone (the renderer then says so).
 */
async function copyKey(ctx: AppContext, jobId: number, preliminary: boolean): Promise<string | null> {
  const [row] = await ctx.database.db
    .select({
      version: jobs.version,
      forceResign: jobs.forceResign,
      signatures: sql<string>`(select coalesce(string_agg(${signatures.id}::text, '.' order by ${signatures.id}), '')
        from ${signatures} where ${signatures.jobId} = ${jobs.id} and ${signatures.voidedAt} is null)`,
    })
    .from(jobs)
    .where(eq(jobs.id, jobId));
  if (!row) return null;
  return `${jobId}:${row.version}:${row.signatures}:${row.forceResign}:${preliminary ? 'pre' : 'final'}`;
}

/**
 * The kept copy of the job's distributed PDF, or a new one (kept while it is being made, dropped if
 * making it fails). A job that is gone gets a copy kept nowhere: the renderer says it is not found.
 */
async function copyOf(ctx: AppContext, jobId: number, preliminary: boolean): Promise<Copy> {
  const make = () => distributablePdf(ctx, jobId, { preliminary });
  const key = await copyKey(ctx, jobId, preliminary);
  if (key === null) return { at: 0, rendered: make() };
  let copies = copiesOf.get(ctx);
  if (!copies) {
    copies = new Map();
    copiesOf.set(ctx, copies);
  }
  const now = Date.now();
  const kept = copies.get(key);
  if (kept && now - kept.at < KEPT_MS) return kept;
  const copy: Copy = { at: now, rendered: make() };
  copy.rendered.catch(() => {
    if (copies.get(key) === copy) copies.delete(key);
  });
  copies.delete(key);
  copies.set(key, copy);
  for (const [old] of copies) {
    if (copies.size <= KEPT) break;
    copies.delete(old);
  }
  return copy;
}

/**
 * The job's PDF as rendered for distribution (distributedPdf.ts distributablePdf), rendered once
 * per job version, signatures and kind for every delivery of it in this process — the fax and the
 * electronic delivery of one version, and several recipients' faxes, share it (issue 43). A copy is
 * only a saving: a process that restarts renders it again, and what a delivery sends is decided by
 * its own key (exactly once per delivery, services/delivery/runDelivery.ts).
 */
export async function sharedDistributablePdf(
  ctx: AppContext,
  jobId: number,
  opts: { preliminary?: boolean } = {},
): Promise<DistributablePdf> {
  return (await copyOf(ctx, jobId, opts.preliminary === true)).rendered;
}

/**
 * The distributed PDF of a job (distributedPdf.ts distributedPdf): the shared rendering, sealed
 * with PAdES once per copy when the job has a live author signature.
 */
export async function sharedDistributedPdf(
  ctx: AppContext,
  jobId: number,
  opts: { preliminary?: boolean } = {},
): Promise<Buffer> {
  const copy = await copyOf(ctx, jobId, opts.preliminary === true);
  if (!copy.sealed) {
    const sealed = copy.rendered.then((pdf) =>
      pdf.signature ? sealPdf(ctx, pdf.bytes, pdf.signature) : pdf.bytes,
    );
    copy.sealed = sealed;
    sealed.catch(() => {
      if (copy.sealed === sealed) copy.sealed = undefined;
    });
  }
  return copy.sealed;
}
