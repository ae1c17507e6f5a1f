/**
 * Issue 41: hostile upload bodies the probe sent, for the upload tests and the hostile suite —
 * the schedule CSV with one 9.9 MB cell and the multipart bodies no browser sends. (The corrupt
 * dictations are audioTestKit's `corruptAudio`.)
 */

/** One heading row, then one row whose second cell holds 9.9 MB. */
export function hugeCellCsv(): Buffer {
  return Buffer.concat([
    Buffer.from('MRN,Notes\n1,'),
    Buffer.alloc(9.9 * 1024 * 1024, 'x'),
    Buffer.from('\n'),
  ]);
}

const B = '----QuillBadBoundary41';
const partHead = (name: string, filename?: string) =>
  `--${B}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n\r\n`;
const withBoundary = `multipart/form-data; boundary=${B}`;

/**
 * Bodies no browser sends to an upload route, each answered 500 before issue 41 (or 415 for a
 * type no parser takes); now every one is refused with the 400 `api.badMultipart`.
 */
export const MALFORMED_MULTIPART: { name: string; type: string; body: Buffer }[] = [
  {
    name: 'no boundary',
    type: 'multipart/form-data',
    body: `${partHead('file', 'a.bin')}abc\r\n--${B}--\r\n`,
  },
  {
    name: 'a truncated part',
    type: withBoundary,
    body: `${partHead('companyId')}1\r\n${partHead('file', 'a.wav')}RIFF\u0000\u0000WAVE`,
  },
  { name: 'JSON sent as multipart', type: withBoundary, body: '{"file":"x","clientFacilityId":1}' },
  {
    name: 'the parts of another boundary',
    type: withBoundary,
    body: '--other\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nx\r\n--other--\r\n',
  },
  {
    name: 'a part header cut short',
    type: withBoundary,
    body: `--${B}\r\nContent-Disposition: form-data; name="file"; filename="a"\r\nX`,
  },
  { name: 'an octet stream (wrong content type)', type: 'application/octet-stream', body: 'RIFF' },
  { name: 'an XML body (wrong content type)', type: 'application/xml', body: '<ClinicalDocument/>' },
].map((c) => ({ ...c, body: Buffer.from(c.body) }));

/** The boundary of the bodies above, for a test that sends a well-formed empty form beside them. */
export const MALFORMED_BOUNDARY = B;
