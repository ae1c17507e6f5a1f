import { describe, expect, it } from 'vitest';
import { contentDisposition } from './contentDisposition.js';

describe('contentDisposition (RFC 6266)', () => {
  it('names a plain file both ways', () => {
    expect(contentDisposition('inline', 'Job-123.pdf')).toBe(
      `inline; filename="Job-123.pdf"; filename*=UTF-8''Job-123.pdf`,
    );
    expect(contentDisposition('attachment', 'Jobs.zip')).toBe(
      `attachment; filename="Jobs.zip"; filename*=UTF-8''Jobs.zip`,
    );
  });

  it('never lets quotes, separators, paths or control characters through the plain name', () => {
    const value = contentDisposition('inline', '../a"b;c\r\nd é(1)*.rtf');
    expect(value).toBe(
      `inline; filename="a_b_c__d___1__.rtf"; filename*=UTF-8''a%22b%3Bc%0D%0Ad%20%C3%A9%281%29%2A.rtf`,
    );
    expect(value).not.toMatch(/[\r\n]/);
  });

  it('keeps a name that is only dots from reading as a hidden or parent path', () => {
    expect(contentDisposition('inline', '..')).toMatch(/^inline; filename="_\.?"/);
  });
});
