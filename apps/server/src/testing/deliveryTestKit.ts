import { chmod, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { distributions, jobs, recipients } from '../db/schema/index.js';

/**
 * A failed print delivery of a job's current version to one of its live recipients (one is added
 * when it has none), for the calls on failed deliveries (Redirect, Retry). Answers its id.
 */
export async function addFailedDelivery(ctx: Pick<AppContext, 'database'>, jobId: number): Promise<number> {
  const { db } = ctx.database;
  const [job] = await db.select({ version: jobs.version }).from(jobs).where(eq(jobs.id, jobId));
  let [recipient] = await db
    .select({ id: recipients.id })
    .from(recipients)
    .where(and(eq(recipients.jobId, jobId), eq(recipients.removed, false)))
    .limit(1);
  if (!recipient) {
    [recipient] = await db
      .insert(recipients)
      .values({ jobId, custom: { firstName: 'Fay', lastName: 'Ledger' }, distributionMethod: 'print' })
      .returning({ id: recipients.id });
  }
  const [row] = await db
    .insert(distributions)
    .values({
      jobId,
      recipientId: recipient!.id,
      method: 'print',
      status: 'failed',
      jobVersion: job!.version,
      deliveryKey: `j${jobId}-v${job!.version}-r${recipient!.id}-print-test-${Math.random().toString(36).slice(2, 8)}`,
      attempts: 1,
      lastError: 'test: the printer is out of paper',
    })
    .returning({ id: distributions.id });
  return row!.id;
}

/**
 * Fake HylaFAX client commands in a new directory under `dir` (a HylaFAX-like transport for
 * tests): `sendfax` refuses the numbers of `failing` (exit 2, "sendfax: Unable to deliver to …")
 * and otherwise logs its arguments and answers a request id; `faxstat` lists the job tags of the
 * faxes sent, so a retry finds what left. `submitted()` reads the log: one line per fax sent.
 */
export async function fakeHylafax(dir: string, failing: readonly string[] = []) {
  const bin = await mkdtemp(join(dir, 'hylafax-'));
  const log = join(bin, 'submitted.log');
  const refuse = failing
    .map((n) => `  ${n}) echo "sendfax: Unable to deliver to ${n}" >&2; exit 2 ;;`)
    .join('\n');
  await writeFile(
    join(bin, 'sendfax'),
    `#!/bin/sh
number=""
prev=""
for a in "$@"; do [ "$prev" = "-d" ] && number="$a"; prev="$a"; done
case "$number" in
${refuse}
  *) ;;
esac
printf '%s\\n' "$*" >> "${log}"
echo "request id is 42 (group id 42) for host localhost (1 file)"
`,
  );
  await writeFile(
    join(bin, 'faxstat'),
    `#!/bin/sh\necho "HylaFAX scheduler on localhost: Running"\n[ -f "${log}" ] && awk '{for(i=1;i<=NF;i++) if ($i=="-i") print 42, $(i+1)}' "${log}"\nexit 0\n`,
  );
  await chmod(join(bin, 'sendfax'), 0o755);
  await chmod(join(bin, 'faxstat'), 0o755);
  return {
    env: {
      FAX_TRANSPORT: 'hylafax',
      FAX_SENDFAX_PATH: join(bin, 'sendfax'),
      FAX_FAXSTAT_PATH: join(bin, 'faxstat'),
    },
    async submitted(): Promise<string[]> {
      const text = await readFile(log, 'utf8').catch(() => '');
      return text.split('\n').filter((l) => l.trim() !== '');
    },
  };
}
