import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake recognizer saw of one transcription request. */
export interface RecognizerRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  /** The multipart fields other than the file. */
  fields: Record<string, string>;
  file: { name: string; type: string; bytes: Buffer } | null;
}

/** How the fake answers a transcription request. */
export type RecognizerBehaviour =
  | { kind: 'text'; text: string }
  | { kind: 'status'; status: number; body: string }
  | { kind: 'raw'; body: string | Buffer }
  | { kind: 'hang' };

/**
 * Tests only: a small OpenAI-compatible speech recognizer on 127.0.0.1 (port 0). It reads each
 * `POST /v1/audio/transcriptions` as multipart form data (undici's own parser), records what it
 * saw, and answers as `behaviour` says; any other path answers 404.
 */
export async function startFakeRecognizer() {
  const requests: RecognizerRequest[] = [];
  let behaviour: RecognizerBehaviour = { kind: 'text', text: '' };
  const hanging = new Set<ServerResponse>();

  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };

  const server: Server = createServer(async (req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    if (req.method !== 'POST' || path !== '/v1/audio/transcriptions') {
      await read(req);
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const body = await read(req);
    const seen: RecognizerRequest = {
      method: req.method,
      path,
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      fields: {},
      file: null,
    };
    try {
      const form = await new Request('http://fake/', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        body,
      }).formData();
      for (const [name, value] of form.entries()) {
        if (typeof value === 'string') seen.fields[name] = value;
        else
          seen.file = { name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) };
      }
    } catch {
      // Not multipart: recorded without fields, answered as the behaviour says.
    }
    requests.push(seen);
    const b = behaviour;
    if (b.kind === 'hang') {
      hanging.add(res);
      return;
    }
    if (b.kind === 'status') {
      res.writeHead(b.status, { 'content-type': 'text/plain' }).end(b.body);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(b.kind === 'text' ? JSON.stringify({ text: b.text }) : b.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer(next: RecognizerBehaviour) {
      behaviour = next;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
