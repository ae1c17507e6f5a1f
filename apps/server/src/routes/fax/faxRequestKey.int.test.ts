import { LIMITS, message } from '@quill/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faxRecords } from '../../db/schema/index.js';
import { sendFaxTask } from '../../tasks/sendFax.js';
import { queueName } from '../../tasks/taskQueue.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildJob, buildStructure, buildUser } from '../../testing/factories.js';
import { addCdaDocument, customRecipient } from '../../testing/faxTestKit.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

/**
 * Issue 41 "Fax idempotency": a fax request that got no answer may have been sent; the client's
 * retry carries the same `requestKey`, answers what the first answered and faxes nothing again.
 */
describe.each(databaseTargets())('POST /api/jobs/Fax with a request key on $name', (target) => {
  let t: TestApp;
  let first: TestBrowser;
  let second: TestBrowser;
  let jobId: number;
  const walsh = customRecipient('Dr Walsh', '201 555 0100');
  const ames = customRecipient('Dr Ames', '201 555 0111');

  const request = (requestKey: string, recipient = walsh) => ({
    jobIds: [jobId],
    recipients: [recipient],
    confirmOutsideContacts: true,
    requestKey,
  });
  const faxCount = async () => (await t.ctx.database.db.select().from(faxRecords)).length;
  const queued = async () => (await t.ctx.tasks.boss.getQueueSize(queueName(sendFaxTask))) as number;

  beforeAll(async () => {
    t = await createTestApp(target);
    const north = await buildStructure(t.ctx, { name: 'North' });
    jobId = (await buildJob(t.ctx, north.facilities[0]!)).id;
    await addCdaDocument(t.ctx, jobId);
    const browserOf = async () => {
      const u = await buildUser(t.ctx, { accounts: [{ companyId: north.structure.id }] });
      const browser = new TestBrowser(t.app);
      await browser.signInAs(u.user.username, u.password, u.accounts[0]!.id);
      return browser;
    };
    first = await browserOf();
    second = await browserOf();
  });
  afterAll(async () => t?.close());

  it('a repeat of the same key answers the first answer and faxes nothing again', async () => {
    const before = await faxCount();
    const sent = await first.post('/api/jobs/Fax', request('send-1'));
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ success: true, text: message('fax.queued') });
    const again = await first.post('/api/jobs/Fax', request('send-1'));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(sent.json());
    expect(await faxCount()).toBe(before + 1);
    expect(await queued()).toBe(before + 1);
  });

  it('two requests of one key at the same moment fax once', async () => {
    const before = await faxCount();
    const answers = await Promise.all([
      first.post('/api/jobs/Fax', request('send-2')),
      first.post('/api/jobs/Fax', request('send-2')),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers[1]!.json()).toEqual(answers[0]!.json());
    expect(await faxCount()).toBe(before + 1);
  });

  it('another key is another fax', async () => {
    const before = await faxCount();
    expect((await first.post('/api/jobs/Fax', request('send-3'))).statusCode).toBe(200);
    expect((await first.post('/api/jobs/Fax', request('send-4'))).statusCode).toBe(200);
    expect(await faxCount()).toBe(before + 2);
  });

  it('a key names one request: the same key with another request answers 409 and faxes nothing', async () => {
    expect((await first.post('/api/jobs/Fax', request('send-5'))).statusCode).toBe(200);
    const before = await faxCount();
    const other = await first.post('/api/jobs/Fax', request('send-5', ames));
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toEqual({
      code: 'fax_request_key_reused',
      message: message('fax.requestKeyReused'),
    });
    expect(await faxCount()).toBe(before);
  });

  it("another user's key is theirs: the same key sends this user's fax and tells nothing of theirs", async () => {
    expect((await first.post('/api/jobs/Fax', request('shared-key'))).statusCode).toBe(200);
    const before = await faxCount();
    // Another request under the same key: no 409, which would tell that the key was used.
    const own = await second.post('/api/jobs/Fax', request('shared-key', ames));
    expect(own.statusCode).toBe(200);
    const same = await second.post('/api/jobs/Fax', request('shared-key'));
    expect(same.statusCode).toBe(409);
    expect(await faxCount()).toBe(before + 1);
    const [made] = await t.ctx.database.db
      .select({ name: faxRecords.recipientName })
      .from(faxRecords)
      .orderBy(sql`${faxRecords.id} desc`)
      .limit(1);
    expect(made).toEqual({ name: 'Dr Ames' });
  });

  it(`a key is kept ${LIMITS.faxRequestKeyHours} hours: after that it faxes again`, async () => {
    expect((await first.post('/api/jobs/Fax', request('send-6'))).statusCode).toBe(200);
    await t.ctx.database.db.execute(
      sql`update fax_requests set created_at = now() - make_interval(hours => ${LIMITS.faxRequestKeyHours + 1}) where request_key = 'send-6'`,
    );
    const before = await faxCount();
    expect((await first.post('/api/jobs/Fax', request('send-6'))).statusCode).toBe(200);
    expect(await faxCount()).toBe(before + 1);
  });

  it('refuses a key that is too long or not letters, digits, - and _ (400), faxing nothing', async () => {
    const before = await faxCount();
    for (const key of ['', 'a'.repeat(LIMITS.faxRequestKeyMax + 1), 'has space', 'semi;colon', 'ünï']) {
      const res = await first.post('/api/jobs/Fax', request(key));
      expect(res.statusCode, key).toBe(400);
      expect(res.json().error.message).toContain('requestKey');
    }
    expect(await faxCount()).toBe(before);
  });
});
