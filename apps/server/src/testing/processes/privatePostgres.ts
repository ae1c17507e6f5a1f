import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = '/usr/lib/postgresql';

/** The bin folder of the newest PostgreSQL installed from Debian's packages; null without one. */
export function findPostgresBin(): string | null {
  if (!existsSync(ROOT)) return null;
  const versions = readdirSync(ROOT)
    .filter((v) => existsSync(join(ROOT, v, 'bin', 'initdb')) && existsSync(join(ROOT, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(ROOT, versions[0], 'bin') : null;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A PostgreSQL cluster of the test's own, on its own port: it may be stopped without harming anyone. */
export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** pg_ctl stop: `fast` ends the sessions cleanly, `immediate` as a crash would. */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /**
   * SIGSTOP to the postmaster and every backend (issue 41: a frozen VM, a partition): connections
   * stay open and unanswered; `thaw` sends SIGCONT. The postmaster first, so it forks no more.
   */
  freeze(): Promise<void>;
  thaw(): Promise<void>;
  destroy(): Promise<void>;
}

/** The processes whose parent is `pid`, read from /proc (Linux). */
async function childrenOf(pid: number): Promise<number[]> {
  const children: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(join('/proc', entry, 'stat'), 'utf8').catch(() => '');
    // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid === pid) children.push(Number(entry));
  }
  return children;
}

/**
 * initdb a cluster in a temporary folder and start it on a free port (trust authentication, local
 * only). PostgreSQL refuses to run as root, so as root the tools run as the postgres user.
 */
export async function createPrivatePostgres(bin: string): Promise<PrivatePostgres> {
  const dir = await mkdtemp(join(tmpdir(), 'quill-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const tool = (name: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, name), ...args]) : run(join(bin, name), args);
  await tool('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  const start = async () => {
    await tool('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-o', options, '-w', '-t', '60', 'start']);
  };
  await start();
  let running = true;
  let frozen: number[] = [];
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop(mode) {
      await tool('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async freeze() {
      const postmaster = Number((await readFile(join(data, 'postmaster.pid'), 'utf8')).split('\n')[0]);
      process.kill(postmaster, 'SIGSTOP');
      frozen = [postmaster, ...(await childrenOf(postmaster))];
      for (const pid of frozen.slice(1)) process.kill(pid, 'SIGSTOP');
    },
    async thaw() {
      for (const pid of frozen) process.kill(pid, 'SIGCONT');
      frozen = [];
    },
    async destroy() {
      for (const pid of frozen) process.kill(pid, 'SIGCONT');
      if (running) await tool('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
