import type { CdaEditSection, NarrativeBlock } from '@quill/core';
import { afterAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../testing/audioTestKit.js';
import { databaseTargets } from '../testing/databases.js';
import { cdaFixture } from '../testing/documents/documentTestKit.js';
import { fixtureWithNarrative } from '../testing/documents/hostileDocuments.js';
import { narrativeLimitCases } from '../testing/documents/narrativeLimitDocuments.js';
import { editorSuite, jobDataBody } from '../testing/jobEditorTestKit.js';
import { storedRows } from '../testing/wopiTestKit.js';

/**
 * Issue 41, one limit for intake and use: a document just within each of core's NARRATIVE_LIMITS
 * (built around a real one) is imported, opened in the editor, saved with its big section sent back
 * whole, and printed as PDF and RTF; one just past it is refused at intake with 413 naming the
 * limit, and nothing is stored.
 */

const fixture = cdaFixture();
const { within: WITHIN, past: PAST } = narrativeLimitCases(fixture);

const counted = new Set<string>();

describe.each(databaseTargets())('one limit for intake and use (issue 41) on $name', (target) => {
  const s = editorSuite(target);

  const importInto = async (jobId: number, narrative: string) => {
    const bytes = fixtureWithNarrative(fixture, narrative);
    // The fixture names its own patient (issue 40): the import is confirmed.
    const form = multipartBody({ source: 'engine', confirmPatientReason: 'Limits test fixture' }, [
      { filename: 'document.xml', bytes },
    ]);
    return s.ed.post(`/api/job/importDocument/${jobId}`, form.payload, { headers: form.headers });
  };

  it.each(WITHIN)(
    'a document just within %s imports, opens, saves and prints',
    {
      timeout: 180_000,
    },
    async (limit, narrative) => {
      const { ed, w } = s;
      const job = await w.makeJob({}, null);
      const imported = await importInto(job.id, narrative);
      expect(imported.statusCode, imported.body).toBe(201);
      const base = imported.json().version as number;

      const booked = await ed.post('/api/job/bookoutjob', { jobId: job.id });
      expect(booked.statusCode, booked.body).toBe(200);
      const cda = await ed.get(`/api/job/getcda?jobId=${job.id}`);
      expect(cda.statusCode, cda.body.slice(0, 300)).toBe(200);
      const sections = cda.json().model.sections as CdaEditSection[];
      const first = sections.find((x) => x.blocks.length > 0)!;
      expect(first.editable).toBe(true);
      const opening = first.blocks[0]!;
      expect(opening.kind).toBe('paragraph');
      const runs = opening.kind === 'paragraph' ? opening.runs : [];
      expect(runs[0]!.text.startsWith('The patient is stable.')).toBe(true);

      // The big section sent back whole, its first word changed (same length: within the limit still).
      const changed: NarrativeBlock = {
        kind: 'paragraph',
        runs: [{ ...runs[0]!, text: `Our${runs[0]!.text.slice(3)}` }, ...runs.slice(1)],
      };
      const data = jobDataBody((await ed.get(`/api/job/getjobdata?jobId=${job.id}`)).json());
      const save = await ed.post('/api/job/savejob', {
        jobId: job.id,
        version: base,
        bookingCookie: booked.json().bookingCookie,
        saveMode: 0,
        setJobDataRequest: data,
        cda: { sections: [{ key: first.key, blocks: [changed, ...first.blocks.slice(1)] }] },
      });
      expect(save.statusCode, save.body.slice(0, 300)).toBe(200);
      expect(save.json()).toMatchObject({ success: true, version: base + 1 });

      for (const format of ['pdf', 'rtf']) {
        const printed = await ed.get(`/api/file/download/${job.id}.${format}`);
        expect(printed.statusCode, `${format}: ${printed.body.slice(0, 300)}`).toBe(200);
        expect(printed.rawPayload.length).toBeGreaterThan(1000);
      }
      const rtf = (await ed.get(`/api/file/download/${job.id}.rtf`)).body;
      expect(rtf).toContain('Our patient is stable.');
      counted.add(`${target.name} within ${limit}`);
    },
  );

  it.each(PAST)(
    'a document just past %s is refused at intake with 413 naming it, nothing stored',
    {
      timeout: 120_000,
    },
    async (limit, narrative, names) => {
      const job = await s.w.makeJob({}, null);
      const rows = storedRows(s.t.ctx);
      const before = await rows.versions(job.id);
      const res = await importInto(job.id, narrative);
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json().error.message).toMatch(names);
      expect(await rows.versions(job.id)).toHaveLength(before.length);
      expect(await rows.job(job.id)).toMatchObject({ version: job.version });
      counted.add(`${target.name} past ${limit}`);
    },
  );
});

afterAll(() => {
  process.stdout.write(`narrative limits: ${counted.size} cases (within and past each limit)\n`);
});
