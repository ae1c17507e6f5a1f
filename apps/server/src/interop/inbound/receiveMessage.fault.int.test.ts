import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hl7Message } from '@medplum/core';
import { Hl7Client } from '@medplum/hl7';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configWith } from '../../config.js';
import type { AppContext } from '../../context.js';
import { closeContext, createContext } from '../../createContext.js';
import { auditLog, interfaceMessages, patients } from '../../db/schema/index.js';
import { createLogger } from '../../system/logger.js';
import { createPostgresDatabase } from '../../testing/databases.js';
import { waitFor } from '../../testing/faxTestKit.js';
import { buildFeedWorld, feedInterface, hl7, patientByMrn, pid } from '../../testing/hl7TestKit.js';
import { type Child, start, stop } from '../../testing/processes/childProcess.js';
import { buildServerBundle } from '../../testing/processes/serverBundle.js';

/**
 * Issue 44's fault test of the inbound feed: the server (main.js, its MLLP listener) is killed
 * with SIGKILL after messages were logged and committed but before their ACKs reached the sender;
 * the sender sends them again to the restarted server, and each message is applied exactly once
 * (one applied row, one apply audit, one try) and acknowledged AA.
 */
const MESSAGES = 30;
const FAST = { LOG_LEVEL: 'warn', DEMO_SEED: 'false', HOST: '127.0.0.1', PORT: '0' };

/** A free local port (listen on 0, close). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** The server with the feed's interface file; resolves once its listener is up. */
async function startServer(bundleDir: string, env: Record<string, string>, children: Child[]) {
  const child = start(join(bundleDir, 'main.js'), env);
  children.push(child);
  await waitFor(
    async () => /HL7 interface adt-feed: MLLP on/.test(child.output.join('')),
    `the listener (output: ${child.output.join('')})`,
    90_000,
  );
  return child;
}

const messages = Array.from({ length: MESSAGES }, (_, i) =>
  hl7('ADT^A08', [pid(`K${i}`, `Kill${i}^Test`)], { controlId: `KILL-${i}` }),
);

/** Sends every message on one connection without waiting (pipelined); answers each ACK's code. */
function sendAll(port: number, texts: string[]) {
  const client = new Hl7Client({ host: '127.0.0.1', port });
  const acks = texts.map((t) =>
    client
      .sendAndWait(Hl7Message.parse(t), { timeoutMs: 60_000 })
      .then((ack) => ack.getSegment('MSA')?.getField(1).toString() ?? ''),
  );
  return { client, acks };
}

/** Each message applied once: logged once, applied, one apply audit, one try; its patient written. */
async function expectAppliedOnce(ctx: AppContext) {
  const rows = await ctx.database.db.select().from(interfaceMessages);
  expect(rows).toHaveLength(MESSAGES);
  expect(rows.filter((r) => r.status !== 'applied' || r.attempts !== 1)).toEqual([]);
  const audits = await ctx.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, 'interface.message.apply'));
  const ids = audits.map((a) => (a.detail as { messageId: number }).messageId).sort((a, b) => a - b);
  expect(ids).toEqual(rows.map((r) => r.id).sort((a, b) => a - b));
  for (let i = 0; i < MESSAGES; i++) expect((await patientByMrn(ctx, `K${i}`))?.lastName).toBe(`Kill${i}`);
}

describe('the inbound feed survives a killed server (issue 44)', () => {
  let bundle: Awaited<ReturnType<typeof buildServerBundle>>;
  let baseDir: string;
  const children: Child[] = [];
  const baseUrl = process.env.TEST_DATABASE_URL;

  beforeAll(async () => {
    bundle = await buildServerBundle();
    baseDir = await mkdtemp(join(tmpdir(), 'quill-hl7-fault-'));
  }, 180_000);
  afterAll(async () => {
    for (const c of children) await stop(c, 'SIGKILL');
    await bundle?.dispose();
    if (baseDir) await rm(baseDir, { recursive: true, force: true });
  });

  async function setUp(env: Record<string, string>) {
    const config = configWith({ ...env, LOG_LEVEL: 'silent' });
    const ctx = await createContext(config, createLogger(config));
    const world = await buildFeedWorld(ctx);
    const port = await freePort();
    const file = join(env.DATA_DIR!, 'interfaces.json');
    await writeFile(file, JSON.stringify({ interfaces: [feedInterface(world.facility.id, port)] }));
    return { ctx, world, port, env: { ...env, HL7_INTERFACES_FILE: file } };
  }

  if (baseUrl) {
    it('on PostgreSQL: SIGKILL with a message committed as received, its apply held; resent: applied once', {
      timeout: 300_000,
    }, async () => {
      const database = await createPostgresDatabase(baseUrl!);
      const { ctx, world, port, env } = await setUp({
        ...FAST,
        DATA_DIR: await mkdtemp(join(baseDir, 'pg-')),
        DATABASE_URL: database.url,
      });
      // The first message's patient exists and is locked: its apply waits after the log's commit.
      await ctx.database.db.insert(patients).values({
        corporateStructureId: world.structure.id,
        mrn: 'K0',
        lastName: 'Before',
        firstName: 'Test',
      });
      const holder = new pg.Client({ connectionString: database.url });
      await holder.connect();
      try {
        await holder.query('begin');
        await holder.query("select id from patients where mrn = 'K0' for update");
        const first = await startServer(bundle.dir, env, children);
        const sent = sendAll(port, messages.slice(0, 1));
        await waitFor(
          async () =>
            (
              await ctx.database.db
                .select()
                .from(interfaceMessages)
                .where(eq(interfaceMessages.controlId, 'KILL-0'))
            )[0]?.status === 'received',
          'KILL-0 logged as received',
        );
        await stop(first, 'SIGKILL');
        await holder.query('rollback');
        await sent.client.close();
        await expect(Promise.all(sent.acks)).rejects.toThrow();

        await startServer(bundle.dir, env, children);
        const again = sendAll(port, messages);
        expect(await Promise.all(again.acks)).toEqual(messages.map(() => 'AA'));
        await again.client.close();
        await expectAppliedOnce(ctx);
      } finally {
        await holder.end();
        await closeContext(ctx);
        await database.drop();
      }
    });
  }

  it('on PGlite: SIGKILL while a pipelined feed is being applied; everything resent: each applied once', {
    timeout: 300_000,
  }, async () => {
    const { ctx, port, env } = await setUp({ ...FAST, DATA_DIR: await mkdtemp(join(baseDir, 'pglite-')) });
    await closeContext(ctx);
    const first = await startServer(bundle.dir, env, children);
    const sent = sendAll(port, messages);
    let acked = 0;
    for (const a of sent.acks)
      void a.then(
        () => acked++,
        () => undefined,
      );
    await waitFor(async () => acked >= 5, 'the first ACKs', 60_000, 5);
    await stop(first, 'SIGKILL');
    const ackedBeforeKill = acked;
    // Closing the client fails the ACKs still awaited.
    await sent.client.close();
    await Promise.allSettled(sent.acks);

    // What the killed server had committed: messages logged whose ACK never came back.
    const config = configWith({ ...env, LOG_LEVEL: 'silent' });
    let check = await createContext(config, createLogger(config));
    const logged = (await check.database.db.select().from(interfaceMessages)).length;
    await closeContext(check);
    expect(logged).toBeGreaterThanOrEqual(ackedBeforeKill);
    expect(ackedBeforeKill).toBeLessThan(MESSAGES);

    const second = await startServer(bundle.dir, env, children);
    const again = sendAll(port, messages);
    expect(await Promise.all(again.acks)).toEqual(messages.map(() => 'AA'));
    await again.client.close();
    await stop(second, 'SIGTERM');
    check = await createContext(config, createLogger(config));
    try {
      await expectAppliedOnce(check);
      console.info(
        `HL7 fault test (PGlite): killed after ${ackedBeforeKill} ACKs with ${logged} messages logged`,
      );
    } finally {
      await closeContext(check);
    }
  });
});
