import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { jobs } from '../../db/schema/index.js';
import { waitFor } from '../faxTestKit.js';
import { type Child, httpClient, serverOrigin } from './childProcess.js';
import { signIn } from './serverProcesses.js';

const FINISHED = 13;

/**
 * The fault tests' end (deliverJob, outbound HL7): waits until every job of `jobIds` is Finished —
 * read in the database (PostgreSQL, shared with the worker process `child`).
 */
export async function waitForFinishedInDatabase(ctx: AppContext, jobIds: number[], child: Child) {
  await waitFor(
    async () =>
      (await ctx.database.db.select({ s: jobs.stageId }).from(jobs).where(inArray(jobs.id, jobIds))).every(
        (j) => j.s === FINISHED,
      ),
    `every job to be Finished (worker output: ${child.output.join('')})`,
    150_000,
    250,
  );
}

/**
 * The same through the server `child`'s API (the embedded PGlite has one owner): signed in as
 * `user`, until the facility's job list holds `count` jobs, every one Finished.
 */
export async function waitForFinishedThroughApi(
  child: Child,
  user: { username: string; password: string; accountId: number },
  list: { structureId: number; facilityId: number; count: number },
) {
  const call = httpClient(await serverOrigin(child));
  await signIn(call, user, user.accountId);
  await waitFor(
    async () => {
      const rows = (await (
        await call('GET', `/api/jobs/alljobs?corpId=${list.structureId}&cfs=${list.facilityId}`)
      ).json()) as { stageId: number }[];
      return rows.length === list.count && rows.every((r) => r.stageId === FINISHED);
    },
    `every job to be Finished (server output: ${child.output.join('')})`,
    150_000,
    500,
  );
}
