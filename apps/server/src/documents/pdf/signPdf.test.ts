import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { alterOneByte, pdfsig } from '../../testing/documents/pdfsig.js';
import { pdfText } from '../../testing/documents/pdfText.js';
import { buildCoverSheet } from './coverSheet.js';
import { countPdfPages } from './mergePdfs.js';
import { makeSelfSignedCertificate } from './signingCertificate.js';
import { signPdf } from './signPdf.js';

const dir = mkdtempSync(join(tmpdir(), 'quill-signpdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const certificate = makeSelfSignedCertificate(
  { commonName: 'Quill test signing', organization: 'North Clinic' },
  'correct horse',
  new Date('2026-01-01T00:00:00Z'),
);
const facts = {
  name: 'Dr Ann Smith, MD',
  reason: 'Author',
  location: 'North Clinic',
  contactInfo: 'records@north.example',
  signedAt: new Date('2026-03-04T15:30:00Z'),
};

describe('signPdf (issue 43: a PDF that proves who signed it)', () => {
  it('signs the whole document; pdfsig reports the signature valid, by the certificate, with its reason', async () => {
    const pdf = await buildCoverSheet({ recipient: 'Dr Zoë Ångström', jobId: 4711, pages: 2 });
    const signed = await signPdf(pdf, certificate, facts);
    const report = pdfsig(signed);
    expect(report).toContain('Signature #1');
    expect(report).toContain('Signer Certificate Common Name: Quill test signing');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    // The signature leaves the document as it was.
    expect(await countPdfPages(signed)).toBe(1);
    expect(await pdfText(signed)).toMatch(/To\s+Dr Zoë Ångström/);
  });

  it('is reported modified when one byte of the signed file changes', async () => {
    const signed = await signPdf(
      await buildCoverSheet({ recipient: 'A', jobId: 1, pages: 1 }),
      certificate,
      facts,
    );
    // A byte of the signed range (the header's version digit), not of the signature itself.
    const report = pdfsig(alterOneByte(signed));
    expect(report).toContain('Signature Validation: Digest Mismatch.');
    expect(report).not.toContain('Signature is Valid.');
  });

  it('refuses a certificate opened with the wrong password, making nothing', async () => {
    const pdf = await buildCoverSheet({ recipient: 'A', jobId: 1, pages: 1 });
    await expect(signPdf(pdf, { ...certificate, password: 'wrong' }, facts)).rejects.toThrow();
  });

  it('makes a certificate openssl reads as self-signed for signing, valid ten years', () => {
    const path = join(dir, 'cert.p12');
    writeFileSync(path, certificate.p12);
    const pem = execFileSync(
      'openssl',
      ['pkcs12', '-in', path, '-nokeys', '-passin', 'pass:correct horse', '-legacy'],
      {
        encoding: 'utf8',
      },
    );
    const text = execFileSync('openssl', ['x509', '-noout', '-text'], { input: pem, encoding: 'utf8' });
    expect(text).toContain('Subject: CN = Quill test signing, O = North Clinic');
    expect(text).toContain('Issuer: CN = Quill test signing, O = North Clinic');
    expect(text).toContain('Not After : Jan  1 00:00:00 2036 GMT');
    expect(text).toMatch(/Digital Signature, Non Repudiation/);
  });
});
