import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSettings, clientFacilities, documentVersions, jobs } from '../../db/schema/index.js';
import { makeSelfSignedCertificate } from '../../documents/pdf/signingCertificate.js';
import { extractRtfText } from '../../documents/rtf/extractRtfText.js';
import { databaseTargets } from '../../testing/databases.js';
import { alterOneByte, pdfsig } from '../../testing/documents/pdfsig.js';
import { pdfText } from '../../testing/documents/pdfText.js';
import {
  buildJob,
  buildPhysician,
  buildSignature,
  buildStructure,
  buildUser,
} from '../../testing/factories.js';
import { addCdaDocument } from '../../testing/faxTestKit.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';
import { buildFaxDocument } from '../fax/buildFaxDocument.js';
import { distributedPdf } from './distributedPdf.js';
import { pdfSigningCertificate, SELF_SIGNED_KEY, selfSignedCertificate } from './pdfSigningCertificate.js';
import { renderJobDocument } from './renderJobDocument.js';

const flat = (text: string) => text.replace(/\s+/g, ' ');
const VALID = 'Signature Validation: Signature is Valid.';

describe.each(databaseTargets())(
  'the distributed PDF and the served CDA of a job on $name (issue 43)',
  (target) => {
    let t: TestApp;
    let north: Awaited<ReturnType<typeof buildStructure>>;
    let accountId: number;
    let manager: TestBrowser;
    let author: Awaited<ReturnType<typeof buildPhysician>>;
    let attending: Awaited<ReturnType<typeof buildPhysician>>;

    beforeAll(async () => {
      t = await createTestApp(target);
      north = await buildStructure(t.ctx, { name: 'North' });
      await t.ctx.database.db
        .update(clientFacilities)
        .set({ timeZone: 'America/Chicago' })
        .where(eq(clientFacilities.id, north.facilities[0]!.id));
      const m = await buildUser(t.ctx, { accounts: [{ companyId: north.structure.id }] });
      accountId = m.accounts[0]!.id;
      manager = new TestBrowser(t.app);
      await manager.signInAs(m.user.username, m.password, accountId);
      author = await buildPhysician(t.ctx, north.structure.id, {
        prefix: 'Dr.',
        firstName: 'Ada',
        lastName: 'Lind',
        credentials: 'MD',
      });
      attending = await buildPhysician(t.ctx, north.structure.id, {
        firstName: 'Björn',
        lastName: 'Ek',
        signatureBlock: 'Björn Ek, MD — Attending Physician',
      });
    }, 120_000);
    afterAll(async () => t?.close());

    const newJob = async () => {
      const job = await buildJob(t.ctx, north.facilities[0]!, { stageId: 13, dictatorId: author.id });
      await addCdaDocument(t.ctx, job.id);
      return job.id;
    };
    /** A job its author signed (03/04/2026 09:30 CST) and its attending co-signed. */
    const signedJob = async () => {
      const jobId = await newJob();
      await buildSignature(t.ctx, {
        jobId,
        physicianId: author.id,
        accountId,
        signedAt: new Date('2026-03-04T15:30:00Z'),
      });
      await buildSignature(t.ctx, {
        jobId,
        physicianId: attending.id,
        accountId,
        meaning: 'co-signer',
        signedAt: new Date('2026-07-04T01:05:00Z'),
      });
      return jobId;
    };
    const authorLine = 'Electronically signed by Dr. Ada Lind, MD on 03/04/2026 09:30 (CST)';
    const coLine = 'Electronically co-signed by Björn Ek, MD — Attending Physician on 07/03/2026 20:05 (CDT)';

    it('signs the PDF of a signed job with PAdES: pdfsig reports it valid over the whole document, modified once a byte changes', async () => {
      const pdf = await distributedPdf(t.ctx, await signedJob());
      const report = pdfsig(pdf);
      expect(report).toContain(VALID);
      expect(report).toContain('Total document signed');
      expect(report).toContain('Signer Certificate Common Name: Quill document signing');
      expect(report).toContain(`Signature Field Name`);
      const altered = pdfsig(alterOneByte(pdf));
      expect(altered).toContain('Digest Mismatch');
      expect(altered).not.toContain(VALID);
      const text = flat(await pdfText(pdf));
      expect(text).toContain(authorLine);
      expect(text).toContain(coLine);
      expect(text).not.toContain('Unsigned draft');
    });

    it('sends an unsigned job unsigned: "Unsigned draft", or "Preliminary — not signed" for a pre-sign copy', async () => {
      const jobId = await newJob();
      const draft = await distributedPdf(t.ctx, jobId);
      expect(pdfsig(draft)).not.toContain(VALID);
      expect(flat(await pdfText(draft))).toMatch(/^\s*Unsigned draft/);
      const preliminary = await distributedPdf(t.ctx, jobId, { preliminary: true });
      expect(flat(await pdfText(preliminary))).toMatch(/^\s*Preliminary — not signed/);
      expect(pdfsig(preliminary)).not.toContain(VALID);
    });

    it('counts only live signatures of the current version: voided, older-version and re-sign-pending ones print nothing', async () => {
      const voided = await newJob();
      await buildSignature(t.ctx, { jobId: voided, physicianId: author.id, accountId, voidedAt: new Date() });
      const older = await newJob();
      await buildSignature(t.ctx, { jobId: older, physicianId: author.id, accountId });
      const stored = await readFile(
        join(import.meta.dirname, '../../testing/fixtures/cda/Progress_Note.xml'),
      );
      const blob = await t.ctx.blobs.putContent(stored, { prefix: 'documents', extension: 'xml' });
      await t.ctx.database.db.insert(documentVersions).values({
        jobId: older,
        version: 2,
        format: 'CDA',
        blobKey: blob.key,
        size: blob.size,
        source: 'save',
      });
      const resign = await signedJob();
      await t.ctx.database.db.update(jobs).set({ forceResign: true }).where(eq(jobs.id, resign));
      for (const jobId of [voided, older, resign]) {
        const pdf = await distributedPdf(t.ctx, jobId);
        expect(pdfsig(pdf)).not.toContain(VALID);
        const text = flat(await pdfText(pdf));
        expect(text).toMatch(/^\s*Unsigned draft/);
        expect(text).not.toContain('Electronically');
        expect((await renderJobDocument(t.ctx, jobId, 'xml')).bytes.equals(stored)).toBe(true);
      }
    });

    it('serves the CDA with Quill’s legal authenticator and the co-signer’s authenticator, the RTF with the same lines', async () => {
      const jobId = await signedJob();
      const xml = (await renderJobDocument(t.ctx, jobId, 'xml')).bytes.toString('utf8');
      expect(xml).toContain(
        `<legalAuthenticator><time value="20260304153000+0000"/><signatureCode code="S"/><assignedEntity><id root="2.16.840.1.113883.19.5.99999.4" extension="${author.id}"/>`,
      );
      expect(xml).toContain(`<given>Bj&#246;rn</given><family>Ek</family>`);
      const rtf = flat(extractRtfText((await renderJobDocument(t.ctx, jobId, 'rtf')).bytes));
      expect(rtf).toContain(authorLine);
      expect(rtf).toContain(coLine);
      // Through the API: the XML download and the signed PDF (the spec's PDF button).
      const download = await manager.get(`/api/file/Download/${jobId}.xml`);
      expect(download.body).toContain('<legalAuthenticator><time value="20260304153000+0000"/>');
      const pdf = await manager.get(`/api/file/download/${jobId}.pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdfsig(pdf.rawPayload)).toContain(VALID);
    });

    it('faxes a signed job as one PDF signed over cover and document; a fax with an unsigned job is not signed', async () => {
      const signed = await signedJob();
      const fax = await buildFaxDocument(t.ctx, {
        recipientName: 'Dr. Olivia Walsh',
        faxNumber: '2015550101',
        jobIds: [signed],
      });
      const report = pdfsig(fax.bytes);
      expect(report).toContain(VALID);
      expect(report).toContain('Total document signed');
      const text = flat(await pdfText(fax.bytes));
      expect(text).toContain('Dr. Olivia Walsh');
      expect(text).toContain(authorLine);
      const mixed = await buildFaxDocument(t.ctx, {
        recipientName: 'Dr. Olivia Walsh',
        faxNumber: '2015550101',
        jobIds: [signed, await newJob()],
      });
      expect(pdfsig(mixed.bytes)).not.toContain(VALID);
      expect(flat(await pdfText(mixed.bytes))).toContain('Unsigned draft');
    });

    it('makes the self-signed certificate once and keeps it in the database for every process', async () => {
      const [a, b] = await Promise.all([
        selfSignedCertificate(t.ctx.database),
        selfSignedCertificate(t.ctx.database),
      ]);
      expect(a.p12.equals(b.p12)).toBe(true);
      expect((await pdfSigningCertificate(t.ctx)).p12.equals(a.p12)).toBe(true);
      const rows = await t.ctx.database.db
        .select()
        .from(appSettings)
        .where(eq(appSettings.key, SELF_SIGNED_KEY));
      expect(rows).toHaveLength(1);
      // The private key is stored encrypted (PKCS#12), never as a PEM key.
      expect(JSON.stringify(rows[0]!.value)).not.toContain('PRIVATE KEY');
    });

    it('signs with the facility’s certificate when SIGNING_P12_FILE names one, and refuses a wrong password', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'quill-p12-'));
      try {
        const file = join(dir, 'facility.p12');
        const facility = makeSelfSignedCertificate(
          { commonName: 'North Clinic signing', organization: 'North' },
          'pw',
        );
        await writeFile(file, facility.p12);
        const ctx = {
          ...t.ctx,
          config: { ...t.ctx.config, SIGNING_P12_FILE: file, SIGNING_P12_PASSWORD: 'pw' },
        };
        const report = pdfsig(await distributedPdf(ctx, await signedJob()));
        expect(report).toContain('Signer Certificate Common Name: North Clinic signing');
        expect(report).toContain(VALID);
        const wrong = {
          ...t.ctx,
          config: { ...t.ctx.config, SIGNING_P12_FILE: file, SIGNING_P12_PASSWORD: 'nope' },
        };
        await expect(pdfSigningCertificate(wrong)).rejects.toThrow(
          /SIGNING_P12_FILE .* is not a PKCS#12 file/,
        );
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  },
);
