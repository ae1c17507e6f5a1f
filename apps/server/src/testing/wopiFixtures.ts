import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Discovery documents in the shape Collabora Online, ONLYOFFICE Docs and Office Online Server answer. */
export const WOPI_FIXTURE_DIR = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'wopi');

/** A fake WOPI client's discovery endpoint (an outside system, faked for tests). */
export interface FakeDiscovery {
  /** The discovery URL (WOPI_DISCOVERY_URL). */
  url: string;
  /** How often it was asked. */
  hits(): number;
  /** Answers `status` with `body` from now on (e.g. 500, or a document that is not discovery). */
  answer(status: number, body: string): void;
  close(): Promise<void>;
}

/** Serves a discovery fixture at http://127.0.0.1:{port}/hosting/discovery. */
export async function serveDiscovery(fixture = 'collabora-discovery.xml'): Promise<FakeDiscovery> {
  let status = 200;
  let body = await readFile(join(WOPI_FIXTURE_DIR, fixture), 'utf8');
  let hits = 0;
  const server: Server = createServer((req, res) => {
    hits += 1;
    res.writeHead(req.url === '/hosting/discovery' ? status : 404, { 'content-type': 'text/xml' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hosting/discovery`,
    hits: () => hits,
    answer(s, b) {
      status = s;
      body = b;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
