import type { CdaEditSection, NarrativeBlock, NarrativeRun } from '@quill/core';
import { desc, eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentVersions, jobs } from '../../db/schema/index.js';
import { multipartBody } from '../../testing/audioTestKit.js';
import { databaseTargets } from '../../testing/databases.js';
import { cdaFixtures } from '../../testing/documents/cdaFixtures.js';
import { buildEditorWorld, jobDataBody } from '../../testing/jobEditorTestKit.js';
import type { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

/**
 * Acceptance of issue 7, "round trip": each fixture goes in through the HTTP intake, is booked out,
 * read as the editing model, changed by one word in one section and saved (save only) through
 * savejob; the stored newest document equals the original except inside that section's `<text>`.
 */

const NEW_WORD = 'Zyxwvut';

const flat = (sections: CdaEditSection[]): CdaEditSection[] =>
  sections.flatMap((s) => [s, ...flat(s.sections)]);

/** Runs of the first paragraph found anywhere in the blocks (lists and tables included). */
function firstParagraphRuns(blocks: NarrativeBlock[]): NarrativeRun[] | null {
  for (const b of blocks) {
    if (b.kind === 'paragraph') return b.runs;
    const inner =
      b.kind === 'list' ? b.items.flat() : [...b.head, ...b.body].flat().flatMap((cell) => cell.blocks);
    const found = firstParagraphRuns(inner);
    if (found) return found;
  }
  return null;
}

/** A copy of the blocks with the first word of 3+ letters of the first paragraph replaced, or null. */
function changeOneWord(blocks: NarrativeBlock[]): { blocks: NarrativeBlock[]; old: string } | null {
  const copy = structuredClone(blocks);
  const run = firstParagraphRuns(copy)?.find((r) => /[A-Za-z]{3,}/.test(r.text));
  if (!run) return null;
  const old = run.text.match(/[A-Za-z]{3,}/)![0];
  run.text = run.text.replace(/[A-Za-z]{3,}/, NEW_WORD);
  return { blocks: copy, old };
}

// fast-xml-parser's order-preserving tree, with comments, CDATA, attributes and untrimmed text.
const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  commentPropName: '#comment',
  cdataPropName: '#cdata',
});
type Node = Record<string, unknown>;

const tagOf = (n: Node) => Object.keys(n).find((k) => k !== ':@')!;
const local = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * The document as fast-xml-parser reads it, with the content of the `<text>` of the body section
 * with key `dropKey` (index path of sections, "0", "0.2", as the editing model numbers them)
 * emptied. Attributes are kept in document order, so a reordered attribute counts as a change.
 */
function canonical(xml: string, dropKey: string): unknown {
  interface Where {
    kind: 'other' | 'body' | 'bodyComponent' | 'section' | 'sectionComponent';
    key: string | null;
    count: { n: number };
  }
  const walk = (nodes: Node[], at: Where): Node[] =>
    nodes.map((n) => {
      const tag = tagOf(n);
      const children = n[tag];
      if (!Array.isArray(children)) return n;
      const name = local(tag);
      let inner: Where = { kind: 'other', key: at.key, count: { n: 0 } };
      if (name === 'structuredBody') inner = { kind: 'body', key: null, count: { n: 0 } };
      else if (name === 'component' && at.kind === 'body') inner = { ...at, kind: 'bodyComponent' };
      else if (name === 'component' && at.kind === 'section') inner = { ...at, kind: 'sectionComponent' };
      else if (name === 'section' && (at.kind === 'bodyComponent' || at.kind === 'sectionComponent')) {
        const index = at.count.n++;
        inner = {
          kind: 'section',
          key: at.key === null ? String(index) : `${at.key}.${index}`,
          count: { n: 0 },
        };
      }
      const drop = name === 'text' && at.kind === 'section' && at.key === dropKey;
      return { ...n, [tag]: drop ? [] : walk(children as Node[], inner) };
    });
  return walk(parser.parse(xml) as Node[], { kind: 'other', key: null, count: { n: 0 } });
}

describe.each(databaseTargets())(
  'CDA round trip through intake, editor calls and savejob on $name',
  (target) => {
    let t: TestApp;
    let w: Awaited<ReturnType<typeof buildEditorWorld>>;
    let ed: TestBrowser;

    beforeAll(async () => {
      t = await createTestApp(target);
      w = await buildEditorWorld(t.ctx);
      ed = await w.browser(t.app, 0);
    }, 120_000);
    afterAll(async () => t?.close());

    it.each(cdaFixtures().map((f) => [f.name, f.bytes] as const))(
      '%s: one changed word rewrites only that section’s <text>',
      async (name, bytes) => {
        const original = bytes.toString('utf8');
        const job = await w.makeJob({}, null);
        // Each fixture names its own patient (issue 40): the import is confirmed.
        const fields = { source: 'engine', confirmPatientReason: 'Round-trip test fixture' };
        const form = multipartBody(fields, [{ filename: name, bytes }]);
        const imported = await ed.post(`/api/job/importDocument/${job.id}`, form.payload, {
          headers: form.headers,
        });
        expect(imported.statusCode, imported.body).toBe(201);
        const base = imported.json().version as number;

        const booked = await ed.post('/api/job/bookoutjob', { jobId: job.id });
        expect(booked.statusCode, booked.body).toBe(200);
        const cda = await ed.get(`/api/job/getcda?jobId=${job.id}`);
        expect(cda.statusCode, cda.body).toBe(200);
        expect(cda.json().version).toBe(base);
        const sections = flat(cda.json().model.sections as CdaEditSection[]);
        const section = sections.find((s) => s.editable)!;
        expect(section, 'an editable section').toBeDefined();
        const change = changeOneWord(section.blocks);
        expect(change, `a paragraph with a word in section ${section.key} (${section.title})`).not.toBeNull();
        expect(original).not.toContain(NEW_WORD);

        const data = jobDataBody((await ed.get(`/api/job/getjobdata?jobId=${job.id}`)).json());
        const save = await ed.post('/api/job/savejob', {
          jobId: job.id,
          version: base,
          bookingCookie: booked.json().bookingCookie,
          saveMode: 0,
          setJobDataRequest: data,
          cda: { sections: [{ key: section.key, blocks: change!.blocks }] },
        });
        expect(save.statusCode, save.body).toBe(200);
        expect(save.json()).toMatchObject({ success: true, version: base + 1 });

        const [job2] = await t.ctx.database.db.select().from(jobs).where(eq(jobs.id, job.id));
        expect(job2!.version).toBe(base + 1);
        const [newest] = await t.ctx.database.db
          .select()
          .from(documentVersions)
          .where(eq(documentVersions.jobId, job.id))
          .orderBy(desc(documentVersions.version))
          .limit(1);
        expect(newest).toMatchObject({ version: base + 1, format: 'CDA', isDraft: false });
        const stored = (await t.ctx.blobs.get(newest!.blobKey)).toString('utf8');

        // The changed word is there, and the word it replaced left that paragraph.
        expect(stored).toContain(NEW_WORD);
        expect(stored).not.toBe(original);

        // Canonicalised (fast-xml-parser), with that section's <text> content left out: equal; with
        // nothing left out: different (so the comparison sees the edit at all).
        expect(canonical(stored, section.key)).toEqual(canonical(original, section.key));
        expect(canonical(stored, '-')).not.toEqual(canonical(original, '-'));

        // Bytes: everything before the opening <text …> and from its </text> on is the original's.
        let prefix = 0;
        while (prefix < original.length && original[prefix] === stored[prefix]) prefix++;
        let suffix = 0;
        while (
          suffix < original.length - prefix &&
          original[original.length - 1 - suffix] === stored[stored.length - 1 - suffix]
        )
          suffix++;
        const openStart = original.lastIndexOf('<text', prefix);
        const openEnd = original.indexOf('>', openStart) + 1;
        const closeStart = original.indexOf('</text>', openEnd);
        expect(openStart).toBeGreaterThan(0);
        expect(original.slice(openEnd, closeStart)).not.toContain('<text');
        expect(prefix, 'first changed byte lies inside a <text> element').toBeGreaterThanOrEqual(openEnd);
        expect(original.length - suffix, 'last changed byte lies inside that <text>').toBeLessThanOrEqual(
          closeStart,
        );
        expect(stored.slice(0, openEnd)).toBe(original.slice(0, openEnd));
        const tail = original.slice(closeStart);
        expect(stored.slice(stored.length - tail.length)).toBe(tail);
        expect(original.slice(openEnd, closeStart)).toContain(change!.old);
      },
      60_000,
    );
  },
);
