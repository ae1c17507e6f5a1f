import { describe, expect, it } from 'vitest';
import { BulkJobIdsSchema, DownloadFileParamsSchema, FormatMultipleParamsSchema } from './documents.js';

describe('DownloadFileParamsSchema', () => {
  it('reads {jobId}.{format} in any case', () => {
    expect(DownloadFileParamsSchema.parse({ file: '123.pdf' })).toEqual({
      file: { jobId: 123, format: 'pdf' },
    });
    expect(DownloadFileParamsSchema.parse({ file: '7.RTF' })).toEqual({ file: { jobId: 7, format: 'rtf' } });
  });

  it.each(['123', 'abc.pdf', '1e3.pdf', '0x1.pdf', '12.pdf.exe', '.pdf', '12.', '-1.pdf', '0.pdf'])(
    'refuses %s',
    (file) => {
      expect(DownloadFileParamsSchema.safeParse({ file }).success).toBe(false);
    },
  );

  it('says what format it wants', () => {
    const r = DownloadFileParamsSchema.safeParse({ file: '12.docx' });
    expect(r.error?.issues[0]?.message).toBe('format must be pdf, rtf or xml');
  });
});

describe('BulkJobIdsSchema', () => {
  it('takes repeated and comma-separated ids, counting duplicates once', () => {
    expect(BulkJobIdsSchema.parse(['1,2', '2', '3'])).toEqual([1, 2, 3]);
    expect(BulkJobIdsSchema.parse([...Array(10).keys()].map((i) => `${i + 1},${i + 1}`))).toHaveLength(10);
  });

  it('refuses more than 10 unique jobs', () => {
    const r = BulkJobIdsSchema.safeParse([...Array(11).keys()].map((i) => String(i + 1)));
    expect(r.error?.issues[0]?.message).toBe('At most 10 jobs per call');
  });
});

describe('FormatMultipleParamsSchema', () => {
  it('reads the copy option and the two flags', () => {
    expect(FormatMultipleParamsSchema.parse({ copiesOption: '3', duplex: 'TRUE', coverSheet: '0' })).toEqual({
      copiesOption: 3,
      duplex: true,
      coverSheet: false,
    });
  });
});
