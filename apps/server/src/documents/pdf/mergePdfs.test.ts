import { describe, expect, it } from 'vitest';
import { pdfText } from '../../testing/documents/pdfText.js';
import { buildCoverSheet } from './coverSheet.js';
import { countPdfPages, mergePdfs, PdfAssembler } from './mergePdfs.js';

const sheet = (jobId: number, recipient: string | null) => buildCoverSheet({ recipient, jobId, pages: 1 });

describe('mergePdfs', () => {
  it('keeps every page of every part in order', async () => {
    const a = await sheet(1, 'Dr A');
    const b = await sheet(2, 'Dr B');
    const merged = await mergePdfs([a, b, a]);
    expect(merged.pages).toBe(3);
    expect(await countPdfPages(merged.bytes)).toBe(3);
    expect(await pdfText(merged.bytes, { first: 2 })).toContain('Dr B');
    expect(await pdfText(merged.bytes, { first: 3 })).toContain('Dr A');
  });

  it('stores a part placed many times once: ten copies cost little more than one', async () => {
    const a = await sheet(1, 'Dr A');
    const one = await mergePdfs([a]);
    const ten = await mergePdfs(Array(10).fill(a));
    expect(ten.pages).toBe(10);
    expect(ten.bytes.length).toBeLessThan(one.bytes.length * 1.5);
    expect(await pdfText(ten.bytes, { first: 10 })).toContain('Dr A');
  });

  it('pads an odd total to even for duplex, and leaves an even one alone', async () => {
    const a = await sheet(1, null);
    expect((await mergePdfs([a, a, a], { padToEven: true })).pages).toBe(4);
    expect((await mergePdfs([a, a], { padToEven: true })).pages).toBe(2);
    expect((await mergePdfs([a, a, a])).pages).toBe(3);
  });
});

describe('PdfAssembler copies', () => {
  it('starts every duplex copy on a front side', async () => {
    const cover = await sheet(1, 'Dr A');
    const asm = await PdfAssembler.create();
    for (let i = 0; i < 3; i++) {
      await asm.append(cover);
      asm.endCopy(true);
    }
    expect(asm.pages).toBe(6);
    const bytes = await asm.toBuffer();
    expect(await pdfText(bytes, { first: 2 })).toBe('\f');
    expect(await pdfText(bytes, { first: 3 })).toContain('Dr A');
  });
});
