import { afterAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.js';
import { readCdaEditModel } from '../../documents/cda/edit/readCdaEditModel.js';
import { DEFAULT_DOCUMENT_LIMITS } from '../../documents/limits.js';
import { DocumentPool } from '../../documents/pool/documentPool.js';
import { DomainError } from '../../errors/domainErrors.js';
import { cdaFixtures, replaceableWhole } from '../../testing/documents/cdaFixtures.js';
import { applyDocumentEdits } from './applyDocumentEdits.js';

const xml = cdaFixtures()[0]!.bytes.toString('utf8');
const para = (text: string) => ({ kind: 'paragraph' as const, runs: [{ text }] });
const sections = readCdaEditModel(xml).sections;
const editable = sections.find(replaceableWhole)!;
// A processing instruction in a section's narrative is what the editor cannot keep.
const withInstruction = xml.replace(/(<text[^>]*>)/, '$1<?render page-break?>');
const readOnly = readCdaEditModel(withInstruction).sections.find((s) => !s.editable)!;

// The edits are applied on a document thread: a real pool, one thread.
const documents = new DocumentPool({
  size: 1,
  timeoutMs: 30_000,
  memoryMb: 256,
  limits: DEFAULT_DOCUMENT_LIMITS,
});
const ctx = { documents } as unknown as AppContext;
afterAll(() => documents.close());

async function caught(fn: () => Promise<unknown>): Promise<DomainError> {
  try {
    await fn();
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('expected a DomainError');
}

describe('applyDocumentEdits', () => {
  it('returns the original for no edits, with or without a byte order mark', async () => {
    expect(await applyDocumentEdits(ctx, xml, { sections: [] })).toBe(xml);
    const bom = `\uFEFF${xml}`;
    const out = await applyDocumentEdits(ctx, bom, {
      sections: [{ key: editable.key, blocks: [para('x')] }],
    });
    expect(out.startsWith('\uFEFF<?xml')).toBe(true);
    expect(out.slice(1)).toBe(
      await applyDocumentEdits(ctx, xml, { sections: [{ key: editable.key, blocks: [para('x')] }] }),
    );
  });

  it('answers 400 with the reason for a section the document does not have', async () => {
    const err = await caught(() =>
      applyDocumentEdits(ctx, xml, { sections: [{ key: '99', blocks: [para('x')] }] }),
    );
    expect(err.kind).toBe('invalid');
    expect(err.message).toBe('The document has no section 99; reload the job and make the change again.');
  });

  it('answers 400 for a read-only section, naming it', async () => {
    const err = await caught(() =>
      applyDocumentEdits(ctx, withInstruction, { sections: [{ key: readOnly.key, blocks: [para('x')] }] }),
    );
    expect(err.kind).toBe('invalid');
    expect(err.message).toContain(`The section "${readOnly.title}" holds content the editor cannot keep`);
  });

  it('answers 400 for a stored document that is not CDA or not well-formed', async () => {
    const edits = { sections: [{ key: '0', blocks: [para('x')] }] };
    expect((await caught(() => applyDocumentEdits(ctx, '<doc/>', edits))).message).toMatch(
      /^The stored document cannot be edited: the root element is doc/,
    );
    expect((await caught(() => applyDocumentEdits(ctx, '<ClinicalDocument', edits))).kind).toBe('invalid');
  });
});
