import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { HealthCheckResponse, HealthCheckResult } from '@quill/core';
import { enUS, message } from '@quill/core';
import { desc } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { DatabaseNotAnswering } from '../../db/databaseWatch.js';
import { pendingMigrations } from '../../db/migrate.js';
import { workerHeartbeats } from '../../db/schema/index.js';
import { buildInfo, buildLabel } from '../../system/buildInfo.js';
import { findExecutable } from '../../system/findExecutable.js';
import { checkAsrEngine } from '../asr/checkAsrEngine.js';
import { checkAuditSealing } from '../audit/checkAuditSealing.js';

/** A heartbeat older than this fails the task-worker check. */
export const HEARTBEAT_MAX_AGE_MS = 60_000;
/** Each check answers within this time or fails, so the page never hangs on a dead dependency. */
const CHECK_TIMEOUT_MS = 5_000;

type Check = { name: string; required: boolean; run: () => Promise<{ ok: boolean; detail: string }> };

/**
 * Optional tools: reported found or not; a missing one does not fail the service. Each names the
 * Debian package that provides it, as the README's "Optional Debian packages" table does.
 */
export const OPTIONAL_TOOLS = [
  { name: 'ffmpeg', executables: ['ffmpeg'], use: 'audio renditions', debianPackage: 'ffmpeg' },
  {
    name: 'LibreOffice',
    executables: ['soffice', 'libreoffice'],
    use: 'Word documents to PDF',
    debianPackage: 'libreoffice-writer-nogui',
  },
  { name: 'pdftotext', executables: ['pdftotext'], use: 'PDF text checks', debianPackage: 'poppler-utils' },
] as const;

/** What the health page says of an optional tool: where it was found, or what to install. */
export function optionalToolDetail(tool: (typeof OPTIONAL_TOOLS)[number], path: string | null) {
  return path
    ? { ok: true, detail: `Found at ${path} (${tool.use})` }
    : {
        ok: false,
        detail: `Not installed; ${tool.use} are unavailable. Install the Debian package: apt-get install ${tool.debianPackage}`,
      };
}

/**
 * Anyone may ask (a load balancer's probe): the blob store is then only read, so an anonymous call
 * writes nothing (issue 23). A signed-in manager's check writes, reads and deletes a probe file.
 */
async function blobStoreReadable(ctx: AppContext): Promise<{ ok: boolean; detail: string }> {
  await ctx.blobs.exists('health/probe');
  return { ok: true, detail: 'Read succeeded' };
}

async function blobStoreRoundTrip(ctx: AppContext): Promise<{ ok: boolean; detail: string }> {
  const key = `health/probe-${randomBytes(8).toString('hex')}`;
  const bytes = randomBytes(64);
  await ctx.blobs.put(key, bytes);
  try {
    const back = await ctx.blobs.get(key);
    if (!back.equals(bytes)) return { ok: false, detail: 'Read back different bytes' };
  } finally {
    await ctx.blobs.delete(key);
  }
  const gone = !(await ctx.blobs.exists(key));
  return {
    ok: gone,
    detail: gone ? 'Write, read and delete succeeded' : 'Delete did not remove the file',
  };
}

/** The database answers a statement (the health page's and /readyz's first check). */
export async function databaseAnswers(
  ctx: Pick<AppContext, 'database'>,
): Promise<{ ok: boolean; detail: string }> {
  // Hung (issue 41): the watch knows it already; a statement would only be refused.
  if (ctx.database.answering?.() === false) return { ok: false, detail: new DatabaseNotAnswering().message };
  const started = performance.now();
  const { rows } = await ctx.database.executeSql('select 1 as ok', []);
  const ms = Math.round(performance.now() - started);
  const engine = ctx.database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)';
  return { ok: Number(rows[0]?.ok) === 1, detail: `${engine} answered in ${ms} ms` };
}

/** Every migration of this build is applied (the health page, and /readyz). */
export async function migrationsApplied(
  ctx: Pick<AppContext, 'database'>,
): Promise<{ ok: boolean; detail: string }> {
  const pending = await pendingMigrations(ctx.database);
  return pending.length === 0
    ? { ok: true, detail: 'All migrations are applied' }
    : { ok: false, detail: `Not applied: ${pending.join(', ')}` };
}

function checks(ctx: AppContext, details: boolean): Check[] {
  return [
    { name: 'Database', required: true, run: () => databaseAnswers(ctx) },
    { name: 'Database migrations', required: true, run: () => migrationsApplied(ctx) },
    {
      name: 'Blob store',
      required: true,
      run: () => (details ? blobStoreRoundTrip(ctx) : blobStoreReadable(ctx)),
    },
    {
      name: 'Task worker',
      required: true,
      run: async () => {
        const [latest] = await ctx.database.db
          .select()
          .from(workerHeartbeats)
          .orderBy(desc(workerHeartbeats.beatAt))
          .limit(1);
        if (!latest) return { ok: false, detail: 'No worker has reported a heartbeat yet' };
        const age = Date.now() - latest.beatAt.getTime();
        const seconds = Math.max(0, Math.round(age / 1000));
        return {
          ok: age <= HEARTBEAT_MAX_AGE_MS,
          detail: `Last heartbeat ${seconds} s ago from ${latest.workerId}`,
        };
      },
    },
    {
      // Issue 41: audit rows waiting minutes to be sealed into the hash chain.
      name: message('health.auditSealingName'),
      required: true,
      run: () => checkAuditSealing(ctx),
    },
    ...OPTIONAL_TOOLS.map((tool) => ({
      name: tool.name,
      required: false,
      run: async () => optionalToolDetail(tool, findExecutable(tool.executables)),
    })),
    {
      // Optional (issue 27): without a recognizer jobs stay audio-only; the detail says why.
      // Only a manager's check calls the recognition server, so an anonymous probe sends nothing on.
      name: message('transcribe.asr.healthName'),
      required: false,
      run: () => checkAsrEngine(ctx.config, { probe: details }),
    },
  ];
}

async function runOne(check: Check): Promise<HealthCheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ ok: boolean; detail: string }>((resolve) => {
    timer = setTimeout(
      () => resolve({ ok: false, detail: `No answer within ${CHECK_TIMEOUT_MS / 1000} s` }),
      CHECK_TIMEOUT_MS,
    );
  });
  try {
    const { ok, detail } = await Promise.race([check.run(), timeout]);
    return { name: check.name, result: ok, required: check.required, detail };
  } catch (err) {
    return { name: check.name, result: false, required: check.required, detail: describe(err) };
  } finally {
    clearTimeout(timer);
  }
}

function describe(err: unknown): string {
  // Drizzle wraps a driver error as "Failed query: <sql>"; the driver's error (its cause) says why.
  const e = ((err as { cause?: unknown }).cause ?? err) as { code?: string; message?: string };
  if (e.code === 'ECONNREFUSED') return 'Connection refused';
  return e.message ? e.message.split('\n')[0]!.slice(0, 200) : 'Failed';
}

/** What anyone is told of a check: passed or not, never how or where (host, pid, paths, timings). */
function publicDetail(r: HealthCheckResult): string {
  if (r.result) return message('health.publicPassed');
  return r.required ? message('health.publicFailed') : message('health.publicNotFound');
}

/**
 * Runs every check of the health page (spec 02 §2/§3) in parallel. `details` (a signed-in
 * manager): the machine name and what each check found. Without: pass or fail only (issue 23).
 */
export async function runHealthChecks(
  ctx: AppContext,
  { details }: { details: boolean },
): Promise<HealthCheckResponse> {
  const results = await Promise.all(checks(ctx, details).map(runOne));
  const version = buildLabel(buildInfo(ctx.config.APP_VERSION));
  if (!details) {
    return {
      applicationName: enUS.app.name,
      version,
      results: results.map((r) => ({ ...r, detail: publicDetail(r) })),
    };
  }
  return { applicationName: enUS.app.name, machineName: hostname(), version, results };
}
