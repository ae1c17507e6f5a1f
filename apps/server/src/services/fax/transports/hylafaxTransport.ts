import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { assertSafeKey, type FaxMessage, type FaxTransport } from './faxTransport.js';

const run = promisify(execFile);

export interface HylafaxSettings {
  sendfaxPath: string;
  faxstatPath: string;
  /** The HylaFAX server (sendfax/faxstat -h); default: the local one. */
  host?: string;
  timeoutSeconds: number;
}

/** The first line of a command's complaint, short and without file names of ours. */
function failure(err: unknown, command: string, path: string): Error {
  const e = err as { code?: string | number; killed?: boolean; stderr?: string; message?: string };
  if (e.code === 'ENOENT') {
    return new Error(`${command} was not found at "${path}": install HylaFAX's client or set its path`);
  }
  if (e.killed) return new Error(`${command} timed out`);
  const line = (e.stderr ?? '').trim().split('\n')[0] || e.message || 'failed';
  return new Error(`${command} failed: ${line.slice(0, 200)}`);
}

/**
 * The `hylafax` transport: submits the PDF with HylaFAX's `sendfax -n -i <key> -d <number>`
 * (no cover page of HylaFAX's own: ours is the first page), the idempotency key as the job tag.
 * Before sending, `faxstat -s -d` lists the job tags of queued and done jobs, so a task retried
 * after a crash finds the job it submitted instead of submitting it again (without faxstat it
 * cannot look, and delivery is at least once).
 */
export function hylafaxTransport(settings: HylafaxSettings): FaxTransport {
  const hostArgs = settings.host ? ['-h', settings.host] : [];
  const timeout = settings.timeoutSeconds * 1000;
  return {
    name: 'hylafax',
    async findDelivered(key) {
      assertSafeKey(key);
      let stdout: string;
      try {
        ({ stdout } = await run(settings.faxstatPath, [...hostArgs, '-s', '-d', '-O', 'JobFmt: %j %J'], {
          timeout,
        }));
      } catch (err) {
        // Without faxstat a repeat cannot be recognised; sending is then at least once.
        if ((err as { code?: string }).code === 'ENOENT') return null;
        throw failure(err, 'faxstat', settings.faxstatPath);
      }
      for (const line of stdout.split('\n')) {
        const [jobId, tag] = line.trim().split(/\s+/);
        if (tag === key && jobId) return `hylafax:${jobId}`;
      }
      return null;
    },
    async send(m: FaxMessage) {
      const dir = await mkdtemp(join(tmpdir(), 'quill-fax-'));
      try {
        const file = join(dir, `fax-${m.faxRecordId}.pdf`);
        await writeFile(file, m.pdf);
        let stdout: string;
        try {
          ({ stdout } = await run(
            settings.sendfaxPath,
            [...hostArgs, '-n', '-i', assertSafeKey(m.key), '-d', m.faxNumber, file],
            { timeout },
          ));
        } catch (err) {
          throw failure(err, 'sendfax', settings.sendfaxPath);
        }
        const id = /request id is (\d+)/.exec(stdout)?.[1];
        return { reference: `hylafax:${id ?? 'submitted'}` };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
