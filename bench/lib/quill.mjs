// Helpers for benchmarks: a built Quill server on a fresh DATA_DIR, and a cookie-keeping client.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function freshDataDir(name) {
  return mkdtempSync(join(tmpdir(), `quill-bench-${name}-`));
}

export function removeDir(dir) {
  rmSync(dir, { recursive: true, force: true });
}

/** Builds the app when missing or stale (same as npm start). */
export function ensureBuilt() {
  const r = spawnSync('node', [join(root, 'scripts', 'ensure-built.mjs')], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('build failed');
}

/** Runs `npm run seed` into DATA_DIR (or DATABASE_URL in env); answers seconds taken. */
export function seed(env, jobs, facilities) {
  const started = performance.now();
  const args = [join(root, 'apps/server/dist/seed.js'), '--jobs', String(jobs)];
  if (facilities) args.push('--facilities', String(facilities));
  const r = spawnSync('node', args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (r.status !== 0) throw new Error('seed failed');
  return (performance.now() - started) / 1000;
}

/** Starts the built server; answers { url, stop }. */
export async function startServer(env, port) {
  const child = spawn('node', [join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      DEMO_SEED: 'false',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      const r = await fetch(`${url}/api/healthcheck/results`);
      if (r.ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** A client that keeps cookies and sends the XSRF token, like the web app. */
export class Client {
  cookies = new Map();
  constructor(base) {
    this.base = base;
  }
  remember(res) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const i = pair.indexOf('=');
      this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return res;
  }
  headers(extra = {}) {
    return { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '), ...extra };
  }
  async get(path) {
    return this.remember(await fetch(this.base + path, { headers: this.headers(), redirect: 'manual' }));
  }
  async post(path, body) {
    if (!this.cookies.has('XSRF-TOKEN')) await this.get('/api/account/authenticated');
    return this.remember(
      await fetch(this.base + path, {
        method: 'POST',
        headers: this.headers({
          'content-type': 'application/json',
          'x-xsrf-token': this.cookies.get('XSRF-TOKEN'),
        }),
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  }
  /** Signs in and selects the first account. */
  async signIn(username, password) {
    const res = await this.post('/api/account/login', { username, password });
    if (!res.ok) throw new Error(`sign-in failed ${res.status}`);
    const summaries = await (await this.get('/api/Account/GetUserSummaries')).json();
    await this.post(`/api/Account/SetUserSummary/${summaries[0].memberId}`);
    return summaries[0];
  }
}

/** Median, 95th and 99th percentile of a list of milliseconds. */
export function stats(ms) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { median: at(0.5), p95: at(0.95), p99: at(0.99), max: s[s.length - 1] };
}

/** A process's resident memory now and at its peak, in MB (Linux /proc). */
export function residentMemoryMB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { now: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

/**
 * Watches a process's resident memory by phases: samples it every `everyMs` (the highest sample of
 * the phase) and reads the kernel's exact peak (VmHWM), which `phase()` resets to the present
 * through /proc/<pid>/clear_refs. `overallMB()` is the peak over every phase (start included).
 */
export function watchMemory(pid, everyMs = 250) {
  let sampled = 0;
  let overall = 0;
  const read = () => residentMemoryMB(pid);
  const timer = setInterval(() => {
    try {
      sampled = Math.max(sampled, read().now);
    } catch {
      // the process has ended
    }
  }, everyMs);
  timer.unref();
  return {
    /** Starts a phase: its peak counts from now. */
    phase() {
      overall = Math.max(overall, read().peak);
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
      sampled = read().now;
    },
    /** The phase so far: RSS now, its peak (the kernel's) and its highest sample, in MB. */
    read() {
      const m = read();
      sampled = Math.max(sampled, m.now);
      return { now: m.now, peak: m.peak, sampled };
    },
    /** A line of the phase's peak, for the bench's output. */
    phaseLine(name) {
      const m = this.read();
      return `${name}: server peak RSS ${m.peak} MB (the kernel's VmHWM in the phase; highest ${everyMs} ms sample ${m.sampled} MB; ${m.now} MB at its end)`;
    },
    overallMB() {
      overall = Math.max(overall, read().peak);
      return overall;
    },
    stop() {
      clearInterval(timer);
    },
  };
}

/** ARCHITECTURE §7: each server process stays under 512 MB resident, under load and while rendering. */
export const RESIDENT_BUDGET_MB = 512;
export const withinBudget = (mb) =>
  `${mb} MB; ≤ ${RESIDENT_BUDGET_MB} MB: ${mb <= RESIDENT_BUDGET_MB ? 'yes' : 'no'}`;

/** The machine's load averages, printed beside a bench's figures. */
export const loadAverage = () =>
  `${loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')} (1 / 5 / 15 min)`;

export const fmt = (n) => (typeof n === 'number' ? `${n.toFixed(1)} ms` : 'n/a');
