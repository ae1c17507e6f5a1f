import { message } from '@quill/core';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentVersions, jobs } from '../../db/schema/index.js';
import { extractRtfText } from '../../documents/rtf/extractRtfText.js';
import { renderJobDocument } from '../../services/documents/renderJobDocument.js';
import { multipartBody } from '../../testing/audioTestKit.js';
import { databaseTargets } from '../../testing/databases.js';
import { cdaFixtures, compact } from '../../testing/documents/cdaFixtures.js';
import { pdfRawText } from '../../testing/documents/pdfProbe.js';
import { buildJob, buildStructure, buildUser } from '../../testing/factories.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

/** A small C-CDA whose narrative needs more than ASCII: accents, a degree sign, a section sign. */
const document = (encoding: string) => `<?xml version="1.0" encoding="${encoding}"?>
<ClinicalDocument xmlns="urn:hl7-org:v3">
  <title>Consultation Note</title>
  <recordTarget><patientRole><patient><name><given>Zoë</given><family>Ørsted</family></name></patient></patientRole></recordTarget>
  <component><structuredBody>
    <component><section>
      <title>Assessment — Café visit</title>
      <text><paragraph>Müller’s sign absent; temperature 37.2 °C; naïve to therapy (§ 4).</paragraph>
        <table border="1"><thead><tr><th>Médicament</th><th>Dosis</th></tr></thead>
        <tbody><tr><td>Amoxicilline</td><td>500 mg «bid»</td></tr></tbody></table>
      </text>
    </section></component>
  </structuredBody></component>
</ClinicalDocument>
`;
const WORDS = ['Assessment', 'Café', 'Müller’s', '37.2', '°C', 'naïve', '§', 'Médicament', '«bid»'];

function utf16be(text: string): Buffer {
  const le = Buffer.from(text, 'utf16le');
  for (let i = 0; i < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1]!, le[i]!];
  return le;
}
const BOM_LE = Buffer.from([0xff, 0xfe]);
const BOM_BE = Buffer.from([0xfe, 0xff]);

const ENCODED: [string, Buffer][] = [
  ['UTF-16LE with its BOM', Buffer.concat([BOM_LE, Buffer.from(document('UTF-16'), 'utf16le')])],
  ['UTF-16BE with its BOM', Buffer.concat([BOM_BE, utf16be(document('UTF-16'))])],
  // ’ — « » are in windows-1252 (WHATWG's ISO-8859-1); the rest in Latin-1 itself.
  [
    'declared ISO-8859-1',
    Buffer.from(document('ISO-8859-1').replace(/’/g, '\x92').replace(/—/g, '\x97'), 'latin1'),
  ],
];

describe.each(databaseTargets())('documents in other encodings, and broken files, on $name', (target) => {
  let t: TestApp;
  let north: Awaited<ReturnType<typeof buildStructure>>;
  let editor: TestBrowser;

  beforeAll(async () => {
    t = await createTestApp(target);
    north = await buildStructure(t.ctx, { name: 'North' });
    const e = await buildUser(t.ctx, { accounts: [{ companyId: north.structure.id }] });
    editor = new TestBrowser(t.app);
    await editor.signInAs(e.user.username, e.password, e.accounts[0]!.id);
  });
  afterAll(async () => t?.close());

  const newJob = async () => (await buildJob(t.ctx, north.facilities[0]!)).id;
  const upload = (jobId: number, bytes: Buffer, filename = 'document.xml') => {
    const body = multipartBody({ source: 'engine' }, [{ filename, bytes }]);
    return editor.post(`/api/job/importDocument/${jobId}`, body.payload, { headers: body.headers });
  };
  const versions = (jobId: number) =>
    t.ctx.database.db
      .select()
      .from(documentVersions)
      .where(eq(documentVersions.jobId, jobId))
      .orderBy(asc(documentVersions.version));

  it.each(ENCODED)(
    'imports a %s document, renders its words, and downloads its own bytes',
    async (_, bytes) => {
      expect(bytes.includes(Buffer.from('Café'))).toBe(false); // not UTF-8 on the wire
      const jobId = await newJob();
      const res = await upload(jobId, bytes);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ jobId, version: 2, format: 'CDA' });
      const xml = await editor.get(`/api/file/Download/${jobId}.xml`);
      expect(xml.statusCode).toBe(200);
      expect(xml.rawPayload.equals(bytes)).toBe(true);

      const pdf = compact(await pdfRawText((await renderJobDocument(t.ctx, jobId, 'pdf')).bytes));
      const rtf = compact(extractRtfText((await renderJobDocument(t.ctx, jobId, 'rtf')).bytes));
      for (const [format, text] of Object.entries({ pdf, rtf }))
        for (const word of WORDS) expect(text, `${format}: ${word}`).toContain(compact(word));
      // The editor reads the same text.
      const cda = await editor.get(`/api/job/getcda?jobId=${jobId}`);
      expect(cda.statusCode).toBe(200);
      expect(JSON.stringify(cda.json().model)).toContain('Müller’s sign absent');
    },
  );

  const fixture = cdaFixtures()[0]!.bytes;
  const cut = fixture.subarray(0, 20_010);
  const cutLines = cut.toString('utf8').trimEnd().split('\n');
  it.each([
    [
      'a file cut off part way',
      cut,
      message('documents.import.truncated', {
        line: cutLines.length,
        column: cutLines.at(-1)!.length + 1,
      }),
    ],
    [
      'an HTML page',
      Buffer.from(
        '<!DOCTYPE html>\n<html><head><title>Patient portal</title></head><body><p>Sign in<br></p></body></html>',
      ),
      message('documents.import.htmlPage'),
    ],
    [
      'a saved XHTML page',
      Buffer.from('<?xml version="1.0"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>'),
      message('documents.import.htmlPage'),
    ],
    [
      'an encoding no reader knows',
      Buffer.from(fixture.toString('utf8').replace('encoding="UTF-8"', 'encoding="x-ebcdic-klingon"')),
      message('documents.import.unknownEncoding', { encoding: 'x-ebcdic-klingon' }),
    ],
  ])('refuses %s in a sentence, with 400, and stores nothing', async (_, bytes, said) => {
    const jobId = await newJob();
    const res = await upload(jobId, bytes);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(said);
    expect(res.json().error.message).not.toMatch(/boolean attribute|CDA document/);
    expect(await versions(jobId)).toEqual([]);
    const [job] = await t.ctx.database.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(job).toMatchObject({ version: 1, documentType: null });
  });
});
