import { watch } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { waitFor } from '../faxTestKit.js';
import { type Child, start, stop } from './childProcess.js';

/** The envelopes (not temporary dot-files) in DATA_DIR's fax outbox. */
export async function outboxEnvelopes(dataDir: string): Promise<string[]> {
  const files = await readdir(join(dataDir, 'fax-outbox')).catch(() => [] as string[]);
  return files.filter((f) => f.endsWith('.json') && !f.startsWith('.'));
}

/**
 * The fault tests' crash (sendFax, deliverJob): starts `script` (the server, or a worker) on `env`
 * and SIGKILLs it the moment the fax outbox of `env.DATA_DIR` holds `killAfter` envelopes — a fax
 * has left but may not be recorded yet. The child joins `children` (the suite stops what is left).
 * Answers how many envelopes the outbox holds after the kill.
 */
export async function killAtEnvelopes(
  script: string,
  env: Record<string, string>,
  killAfter: number,
  children: Child[],
): Promise<number> {
  const dataDir = env.DATA_DIR as string;
  await mkdir(join(dataDir, 'fax-outbox'), { recursive: true });
  let child: Child | undefined;
  const watcher = watch(join(dataDir, 'fax-outbox'), () => {
    void outboxEnvelopes(dataDir).then((e) => {
      if (e.length >= killAfter && child?.proc.exitCode === null) child.proc.kill('SIGKILL');
    });
  });
  child = start(script, env);
  children.push(child);
  try {
    await waitFor(
      async () => (await outboxEnvelopes(dataDir)).length >= killAfter,
      'the first faxes',
      120_000,
      20,
    );
    await stop(child, 'SIGKILL');
  } finally {
    watcher.close();
  }
  return (await outboxEnvelopes(dataDir)).length;
}
