import { type ChildProcess, spawn } from 'node:child_process';
import { waitFor } from '../faxTestKit.js';

/** A server or worker process a fault test runs (and kills), with everything it printed. */
export interface Child {
  proc: ChildProcess;
  output: string[];
  exited: Promise<void>;
}

/** Runs a bundled entry point (see serverBundle.ts) with extra environment variables. */
export function start(script: string, env: Record<string, string>): Child {
  const proc = spawn(process.execPath, [script], { env: { ...process.env, ...env }, stdio: 'pipe' });
  const output: string[] = [];
  proc.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  proc.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  return { proc, output, exited };
}

/** Sends the signal unless the process already ended, and waits for it to end. */
export async function stop(child: Child, signal: NodeJS.Signals) {
  if (child.proc.exitCode === null && child.proc.signalCode === null) child.proc.kill(signal);
  await child.exited;
}

/** The address a started server prints ("running at http://…"), once it listens. */
export async function serverOrigin(child: Child, timeoutMs = 60_000): Promise<string> {
  let origin = '';
  await waitFor(
    async () => {
      origin = /running at (http:\/\/[^\s]+)/.exec(child.output.join(''))?.[1] ?? '';
      return origin !== '';
    },
    `the server to start (output: ${child.output.join('')})`,
    timeoutMs,
  );
  return origin;
}

/**
 * A fetch client for a real server that keeps cookies and sends the XSRF token like the web client.
 * Two clients given one `cookies` map are one browser calling two servers.
 */
export function httpClient(origin: string, cookies = new Map<string, string>()) {
  return async (method: string, path: string, body?: unknown): Promise<Response> => {
    const res = await fetch(`${origin}${path}`, {
      method,
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-xsrf-token': cookies.get('XSRF-TOKEN') ?? '',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return res;
  };
}
