import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AppContext } from '../context.js';
import { documentVersions, physicians, workTypes } from '../db/schema/index.js';
import { multipartBody } from './audioTestKit.js';
import { buildStructure, buildUser } from './factories.js';
import { waitFor } from './faxTestKit.js';
import { TestBrowser } from './processes/browser.js';
import type { TestApp } from './testContext.js';

/** Tests only: every log line the server writes, as JSON text (createTestApp's third argument). */
export function logCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines, text: () => lines.join('\n') };
}

/**
 * Tests only: a structure with a dictator and a work type, and a signed-in manager who creates
 * jobs through the real Create with Audio call. `upload` answers the new job's id.
 */
export async function audioCreator(t: TestApp) {
  const { structure, facilities } = await buildStructure(t.ctx);
  const facility = facilities[0]!;
  const [dictator] = await t.ctx.database.db
    .insert(physicians)
    .values({ corporateStructureId: structure.id, firstName: 'Ann', lastName: 'Zeller', isDictator: true })
    .returning();
  const [workType] = await t.ctx.database.db
    .insert(workTypes)
    .values({
      corporateStructureId: structure.id,
      clientFacilityId: facility.id,
      name: 'Progress Note',
      number: 1,
    })
    .returning();
  const m = await buildUser(t.ctx, { accounts: [{ companyId: structure.id }] });
  const manager = new TestBrowser(t.app);
  await manager.signInAs(m.user.username, m.password, m.accounts[0]!.id);
  return {
    manager,
    async upload(bytes: Buffer): Promise<number> {
      const body = multipartBody(
        {
          clientFacilityId: String(facility.id),
          dictatorId: String(dictator!.id),
          workTypeId: String(workType!.id),
        },
        [{ filename: 'dictation.wav', contentType: 'audio/wav', bytes }],
      );
      const res = await manager.post('/api/audio/createwithaudio', body.payload, { headers: body.headers });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().jobId as number;
    },
  };
}

/** The recognizeDictation tasks of a job, oldest first: pg-boss state, retries, output. */
export async function recognitionTasks(ctx: AppContext, jobId: number) {
  const { rows } = await ctx.database.executeSql(
    `select state, retry_count, retry_limit, output from pgboss.job
     where name = 'recognizeDictation-v1' and (data->>'jobId')::bigint = $1 order by created_on`,
    [jobId],
  );
  return rows as { state: string; retry_count: number; retry_limit: number; output: unknown }[];
}

/** Waits until the job's newest recognizeDictation task has been tried (done, failed or waiting to retry). */
export async function waitForRecognition(ctx: AppContext, jobId: number, timeoutMs = 90_000) {
  let last: Awaited<ReturnType<typeof recognitionTasks>>[number] | undefined;
  await waitFor(
    async () => {
      last = (await recognitionTasks(ctx, jobId)).at(-1);
      return ['completed', 'failed', 'retry'].includes(last?.state ?? '');
    },
    `the recognizeDictation task of job ${jobId}`,
    timeoutMs,
    200,
  );
  return last!;
}

/** The job's document versions (the draft a recognition stored, if any). */
export function documentsOf(ctx: AppContext, jobId: number) {
  return ctx.database.db
    .select()
    .from(documentVersions)
    .where(and(eq(documentVersions.jobId, jobId)));
}

/** The text a CDA marks as recognized (`<content styleCode="xRecognized">`), one paragraph a line. */
export function recognizedText(xml: string): string {
  const decode = (s: string) =>
    s
      .replace(/<[^>]+>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  return [...xml.matchAll(/<content styleCode="xRecognized">([\s\S]*?)<\/content>/g)]
    .map((m) => decode(m[1]!))
    .join('\n');
}
