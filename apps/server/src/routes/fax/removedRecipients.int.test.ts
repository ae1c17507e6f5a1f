import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { message } from '@quill/core';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faxRecords, physicians, recipients } from '../../db/schema/index.js';
import { startWorker } from '../../tasks/worker.js';
import { databaseTargets } from '../../testing/databases.js';
import { waitFor } from '../../testing/faxTestKit.js';
import { buildEditorWorld, jobDataBody } from '../../testing/jobEditorTestKit.js';
import type { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

type Contact = { id: number; name: string; faxNumber: string; recipientType: string; faxFlag: boolean };

/**
 * Issue 21 "Distribution uses them": an automatic recipient removed through savejob stays on the
 * job flagged removed, and neither the fax contact list, the fax nor the copies reach it.
 */
describe.each(databaseTargets())('a removed automatic recipient on $name', (target) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof buildEditorWorld>>;
  let ed: TestBrowser;

  beforeAll(async () => {
    t = await createTestApp(target);
    w = await buildEditorWorld(t.ctx);
    ed = await w.browser(t.app, 0);
  }, 120_000);
  afterAll(async () => t?.close());

  it('stays flagged removed, shows as removed, and is neither a fax contact, faxed, nor given a copy', async () => {
    const db = t.ctx.database.db;
    const job = await w.makeJob();
    const [faxer] = await db
      .insert(physicians)
      .values({
        corporateStructureId: w.north.structure.id,
        clientFacilityId: w.cf.id,
        firstName: 'Otto',
        lastName: 'Faxer',
        fax: '201 555 0142',
        distributionMethod: 'fax',
      })
      .returning();
    const [auto] = await db
      .insert(recipients)
      .values({
        jobId: job.id,
        physicianId: faxer!.id,
        isAddressee: true,
        auto: true,
        distributionMethod: 'fax',
        ordinal: 1,
      })
      .returning();
    const before = (await ed.get(`/api/jobs/getContactListForJob?jobId=${job.id}`)).json() as Contact[];
    expect(before.map((c) => c.name)).toEqual(['Gregory House', 'Otto Faxer']);

    // The editor removes the automatic addressee and saves.
    const booking = (await ed.post('/api/job/bookoutjob', { jobId: job.id })).json();
    const data = jobDataBody((await ed.get(`/api/job/getjobdata?jobId=${job.id}`)).json());
    const house = before.find((c) => c.name === 'Gregory House')!;
    const saved = await ed.post('/api/job/savejob', {
      jobId: job.id,
      version: 1,
      bookingCookie: booking.bookingCookie,
      saveMode: 0,
      setJobDataRequest: { ...data, recipients: [{ id: house.id, isAddressee: true }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const [row] = await db.select().from(recipients).where(eq(recipients.id, auto!.id));
    expect(row).toMatchObject({ removed: true, auto: true, physicianId: faxer!.id });
    for (const path of [`/api/job/getjobdata?jobId=${job.id}`, `/api/job/GetJobDetails?jobId=${job.id}`]) {
      const listed = (await ed.get(path)).json().recipients as { id: number; removed: boolean }[];
      expect(
        listed.map((r) => [r.id, r.removed]),
        path,
      ).toEqual([
        [house.id, false],
        [auto!.id, true],
      ]);
    }
    const contacts = (await ed.get(`/api/jobs/getContactListForJob?jobId=${job.id}`)).json() as Contact[];
    expect(contacts.map((c) => c.name)).toEqual(['Gregory House']);

    // Faxing the removed recipient as if it were a contact is refused; the contacts are faxed.
    const removedContact = before.find((c) => c.name === 'Otto Faxer')!;
    const outside = await ed.post('/api/jobs/Fax', { jobIds: [job.id], recipients: [removedContact] });
    expect(outside.statusCode).toBe(409);
    expect(outside.json().error.message).toBe(
      message('fax.outsideContacts', { name: 'Otto Faxer', jobIds: String(job.id) }),
    );
    const sent = await ed.post('/api/jobs/Fax', { jobIds: [job.id], recipients: contacts });
    expect(sent.statusCode, sent.body).toBe(200);
    const worker = await startWorker(t.ctx);
    try {
      await waitFor(
        async () => (await db.select().from(faxRecords)).every((r) => r.status === 'sent'),
        'the fax to be sent',
      );
    } finally {
      await worker.stop();
    }
    const records = await db.select().from(faxRecords).orderBy(asc(faxRecords.id));
    expect(records.map((r) => [r.recipientName, r.faxNumber])).toEqual([['Gregory House', '2015550100']]);
    const outbox = join(t.dataDir, 'fax-outbox');
    for (const file of (await readdir(outbox)).filter((f) => f.endsWith('.json')))
      expect(await readFile(join(outbox, file), 'utf8')).not.toContain('Faxer');

    // A copy per recipient, each with its cover sheet: House's only.
    const copies = await ed.get(`/api/file/FormatMultiplePdfJobs/2/false/true?jobIds=${job.id}&format=rtf`);
    expect(copies.statusCode).toBe(200);
    expect(copies.body.match(/Cover Sheet/g)).toHaveLength(1);
    expect(copies.body).toContain('Gregory House');
    expect(copies.body).not.toContain('Faxer');
  });
});
