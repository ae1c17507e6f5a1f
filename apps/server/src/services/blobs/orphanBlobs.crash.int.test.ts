import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { configWith } from '../../config.js';
import type { AppContext } from '../../context.js';
import { closeContext, createContext } from '../../createContext.js';
import { referencedBlobKeys } from '../../db/blobReferences.js';
import { attachments } from '../../db/schema/index.js';
import { createLogger } from '../../system/logger.js';
import { multipartBody } from '../../testing/audioTestKit.js';
import { createPostgresDatabase } from '../../testing/databases.js';
import { buildStructure, buildUser } from '../../testing/factories.js';
import { httpClient, serverOrigin, stop } from '../../testing/processes/childProcess.js';
import { serverProcessSuite, signIn } from '../../testing/processes/serverProcesses.js';
import { sweepOrphanBlobs } from './sweepOrphanBlobs.js';

/**
 * Issue 41: a file is written to the blob store before the row that names it commits, so a
 * server killed (SIGKILL) in between leaves a file no row names. The built server takes a stream
 * of attachment uploads from several clients at once and is killed at a random moment; this is
 * repeated until a kill has left such files (a kill can land between uploads). The sweep, with
 * the grace period set to 0, then leaves no file without a row, and every row's file is still there.
 */
const CLIENTS = 8;
const MAX_ROUNDS = 6;

/** Every stored file, and those no row names. */
async function filesAndOrphans(ctx: AppContext) {
  const files: string[] = [];
  for await (const b of ctx.blobs.list()) files.push(b.key);
  const referenced = await referencedBlobKeys(ctx.database.db, files);
  return { files, orphans: files.filter((k) => !referenced.has(k)) };
}

describe('orphan blob files after a killed server (issue 41)', () => {
  const servers = serverProcessSuite('quill-orphans-');
  const baseUrl = process.env.TEST_DATABASE_URL;

  it(`SIGKILL during uploads, then the sweep: no file without a row, no row without its file (${baseUrl ? 'PostgreSQL' : 'PGlite'})`, {
    timeout: 300_000,
  }, async () => {
    const database = baseUrl ? await createPostgresDatabase(baseUrl) : null;
    const env = servers.env(database?.url);
    const config = configWith({ ...env, LOG_LEVEL: 'silent' });
    const cleanup = configWith({ ...env, LOG_LEVEL: 'silent', BLOB_ORPHAN_GRACE_SECONDS: '0' });
    try {
      // Set up with the server down (the embedded database has one owner).
      let ctx = await createContext(config, createLogger(config));
      const { structure, facilities } = await buildStructure(ctx);
      const user = await buildUser(ctx, { accounts: [{ companyId: structure.id }] });
      await closeContext(ctx);

      const acked: string[] = [];
      let orphansLeft = 0;
      let rounds = 0;
      let uploads = 0;
      while (orphansLeft === 0 && rounds < MAX_ROUNDS) {
        rounds++;
        const server = servers.start(env);
        const origin = await serverOrigin(server);
        const cookies = new Map<string, string>();
        await signIn(
          httpClient(origin, cookies),
          { username: user.user.username, password: user.password },
          user.accounts[0]!.id,
        );

        const killAfter = 5 + Math.floor(Math.random() * 20);
        let acks = 0;
        let killed = false;
        const upload = async () => {
          // A few hundred kB of distinct content: each upload writes its own file.
          const bytes = Buffer.concat([
            Buffer.from('%PDF-1.4\n'),
            randomBytes(200_000 + Math.floor(Math.random() * 200_000)),
          ]);
          const body = multipartBody({ clientFacilityId: String(facilities[0]!.id), name: 'Lab results' }, [
            { filename: 'scan.pdf', contentType: 'application/pdf', bytes },
          ]);
          uploads++;
          return fetch(`${origin}/api/attachments/import`, {
            method: 'POST',
            headers: {
              ...body.headers,
              cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
              'x-xsrf-token': cookies.get('XSRF-TOKEN') ?? '',
            },
            body: body.payload,
          });
        };
        const client = async () => {
          for (;;) {
            let res: Response;
            try {
              res = await upload();
              if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
              acked.push(
                ((await res.json()) as { attachmentNonSequentialID: string }).attachmentNonSequentialID,
              );
            } catch (err) {
              if (!killed) throw err;
              return; // the server is gone
            }
            if (++acks === killAfter) {
              setTimeout(
                () => {
                  killed = true;
                  server.proc.kill('SIGKILL');
                },
                Math.floor(Math.random() * 30),
              );
            }
          }
        };
        await Promise.all(Array.from({ length: CLIENTS }, client));
        await stop(server, 'SIGKILL');

        ctx = await createContext(config, createLogger(config));
        try {
          orphansLeft = (await filesAndOrphans(ctx)).orphans.length;
        } finally {
          await closeContext(ctx);
        }
      }
      // The kills left files no row names (else this test would show nothing).
      expect(orphansLeft).toBeGreaterThan(0);

      ctx = await createContext(cleanup, createLogger(cleanup));
      try {
        const swept = await sweepOrphanBlobs(ctx);
        expect(swept.removed).toBe(orphansLeft);
        const after = await filesAndOrphans(ctx);
        expect(after.orphans).toEqual([]);
        // Every row's file is there, each acknowledged upload among them.
        const rows = await ctx.database.db
          .select({ id: attachments.id, key: attachments.blobKey })
          .from(attachments);
        expect(rows.length).toBeGreaterThanOrEqual(acked.length);
        expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining(acked));
        for (const row of rows) expect(await ctx.blobs.exists(row.key)).toBe(true);
        expect(after.files.sort()).toEqual([...new Set(rows.map((r) => r.key))].sort());
        console.info(
          `orphan test: ${rounds} kill(s) during ${uploads} uploads (${acked.length} acknowledged, ${rows.length} stored) ` +
            `left ${orphansLeft} file(s) without a row; the sweep removed ${swept.removed} and kept ${swept.referenced}`,
        );
      } finally {
        await closeContext(ctx);
      }
    } finally {
      await database?.drop();
    }
  });
});
