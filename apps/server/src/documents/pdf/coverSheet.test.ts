import { describe, expect, it } from 'vitest';
import { pdfText } from '../../testing/documents/pdfText.js';
import { buildCoverSheet, buildCoverSheets } from './coverSheet.js';
import { countPdfPages } from './mergePdfs.js';

describe('buildCoverSheet', () => {
  it('is one page naming the recipient, the job and what was given', async () => {
    const bytes = await buildCoverSheet({
      recipient: 'Dr Zoë Ångström',
      jobId: 4711,
      patientName: 'Major, Mary',
      dictatorName: 'Ng, Li',
      facility: 'North Clinic',
      pages: 3,
      faxNumber: '555 0100',
      from: 'North Clinic',
      date: new Date('2026-03-04T15:30:00Z'),
      timeZone: 'America/New_York',
    });
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await countPdfPages(bytes)).toBe(1);
    const text = await pdfText(bytes);
    expect(text).toContain('Cover Sheet');
    expect(text).toMatch(/To\s+Dr Zoë Ångström/);
    expect(text).toMatch(/Job ID\s+4711/);
    expect(text).toMatch(/Patient\s+Major, Mary/);
    expect(text).toMatch(/Dictated by\s+Ng, Li/);
    expect(text).toMatch(/Fax\s+555 0100/);
    expect(text).toMatch(/Total pages\s+3/);
    expect(text).toMatch(/Date\s+03\/04\/2026 10:30 EST/);
    expect(text).toContain('CONFIDENTIAL');
  });

  it('reads "File copy" for the single copy and leaves out what was not given', async () => {
    const text = await pdfText(await buildCoverSheet({ recipient: null, jobId: 9, pages: 2 }));
    expect(text).toMatch(/To\s+File copy/);
    expect(text).not.toContain('Patient');
    expect(text).not.toContain('Fax');
    expect(text).not.toContain('Dictated by');
  });

  it('stays one page with a very long recipient name', async () => {
    const bytes = await buildCoverSheet({ recipient: 'Dr '.concat('Long '.repeat(60)), jobId: 1, pages: 1 });
    expect(await countPdfPages(bytes)).toBe(1);
  });
});

describe('buildCoverSheets', () => {
  it('makes one page per sheet, in order', async () => {
    const bytes = await buildCoverSheets([
      { recipient: 'Dr A', jobId: 1, pages: 2 },
      { recipient: null, jobId: 2, pages: 3 },
    ]);
    expect(await countPdfPages(bytes)).toBe(2);
    expect(await pdfText(bytes, { first: 1 })).toMatch(/To\s+Dr A/);
    expect(await pdfText(bytes, { first: 2 })).toMatch(/To\s+File copy/);
  });
});

describe('a fax cover sheet (issue 39)', () => {
  it('lists every job it carries with its patient and pages, and the total with the cover', async () => {
    const bytes = await buildCoverSheet({
      recipient: 'Dr A',
      faxNumber: '2015550101',
      jobs: [
        { jobId: 27, patientName: 'Kowalski, Zachary', pages: 2 },
        { jobId: 28, patientName: 'Banerjee, Anjali', pages: 3 },
      ],
      pages: 6,
    });
    expect(await countPdfPages(bytes)).toBe(1);
    const text = await pdfText(bytes);
    expect(text).toMatch(/Total pages\s+6 \(this cover sheet included\)/);
    expect(text).toContain('Jobs in this fax');
    expect(text).toMatch(/Job ID\s+Patient\s+Pages/);
    expect(text).toMatch(/27\s+Kowalski, Zachary\s+2/);
    expect(text).toMatch(/28\s+Banerjee, Anjali\s+3/);
  });

  it('stays one page with ten jobs of long patient names', async () => {
    const jobs = Array.from({ length: 10 }, (_, i) => ({
      jobId: 1000 + i,
      patientName: `Patient ${i} ${'Longname '.repeat(20)}`,
      pages: 9,
    }));
    const bytes = await buildCoverSheet({ recipient: 'Dr A', faxNumber: '1', jobs, pages: 91 });
    expect(await countPdfPages(bytes)).toBe(1);
    expect(await pdfText(bytes)).toMatch(/1009\s+Patient 9/);
  });
});
