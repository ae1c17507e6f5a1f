import { afterAll, describe, expect, it } from 'vitest';
import { documentFacts } from '../../testing/documents/documentFacts.js';
import { cdaFixture } from '../../testing/documents/documentTestKit.js';
import { cdaParagraphs, cdaWith } from '../../testing/documents/hostileDocuments.js';
import { NotCdaError } from '../cda/readCda.js';
import { DEFAULT_DOCUMENT_LIMITS, DocumentLimitError, MAX_DEPTH_SETTING } from '../limits.js';
import { extractRtfText } from '../rtf/extractRtfText.js';
import { DocumentPool } from './documentPool.js';
import { asBuffer, DocumentTimeoutError } from './poolErrors.js';

const FACTS = documentFacts({ jobId: 7, patientName: 'Adam Everyman', timeZone: 'America/New_York' });

/** A CDA whose narrative is `levels` lists, each the only item of the one around it. */
function nestedLists(levels: number): Buffer {
  return cdaWith(
    `${'<list><item>'.repeat(levels)}<paragraph>innermost words</paragraph>${'</item></list>'.repeat(levels)}`,
  );
}

const pools: DocumentPool[] = [];
function pool(overrides: Partial<ConstructorParameters<typeof DocumentPool>[0]> = {}) {
  const p = new DocumentPool({
    size: 1,
    timeoutMs: 30_000,
    memoryMb: 256,
    limits: DEFAULT_DOCUMENT_LIMITS,
    ...overrides,
  });
  pools.push(p);
  return p;
}
afterAll(() => Promise.all(pools.map((p) => p.close())));

/** The document renders on the pool: its innermost words in the RTF, and a PDF. */
async function expectRendered(p: DocumentPool, stored: Buffer) {
  const rtf = asBuffer(await p.run('render', { stored, storedFormat: 'CDA', format: 'rtf', facts: FACTS }));
  expect(extractRtfText(rtf)).toContain('innermost words');
  const pdf = asBuffer(await p.run('render', { stored, storedFormat: 'CDA', format: 'pdf', facts: FACTS }));
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
}

describe('the document pool', () => {
  it('renders a document nested to the depth bound as PDF and RTF (renderers never overflow the stack)', async () => {
    const p = pool();
    // ClinicalDocument … text is 6 levels; each list and its item 2 more: 60 lists reach depth 127.
    await expectRendered(p, nestedLists(60));
    // One level more is refused by the bound, before any parse.
    const over = await p
      .run('render', { stored: nestedLists(61), storedFormat: 'CDA', format: 'pdf', facts: FACTS })
      .catch((e: unknown) => e);
    expect(over).toBeInstanceOf(DocumentLimitError);
    expect((over as DocumentLimitError).setting).toBe('DOCUMENT_MAX_DEPTH');
  }, 60_000);

  it('renders far deeper documents when the bound is raised', async () => {
    const p = pool({ limits: { ...DEFAULT_DOCUMENT_LIMITS, maxDepth: MAX_DEPTH_SETTING } });
    // 500 lists: depth 1006, within the most the setting allows.
    await expectRendered(p, nestedLists(500));
  }, 60_000);

  it('answers the errors a task throws as their own classes', async () => {
    const err = await pool()
      .run('checkDocument', { bytes: Buffer.from('<section/>') })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotCdaError);
    expect((err as NotCdaError).detail).toMatch(/root element is section/);
  }, 60_000);

  it('stops a job past its time with a timeout error, and the next job runs on a fresh thread', async () => {
    const p = pool({
      timeoutMs: 3000,
      memoryMb: 1536,
      limits: { ...DEFAULT_DOCUMENT_LIMITS, maxElements: 10_000_000 },
    });
    // Warm: the thread is up before the clock that matters starts.
    expect(await p.run('checkDocument', { bytes: cdaFixture() })).toBe('CDA');
    const slow = await p
      .run('render', { stored: cdaParagraphs(400_000), storedFormat: 'CDA', format: 'pdf', facts: FACTS })
      .catch((e: unknown) => e);
    expect(slow).toBeInstanceOf(DocumentTimeoutError);
    expect(await p.run('checkDocument', { bytes: cdaFixture() })).toBe('CDA');
  }, 60_000);
});
