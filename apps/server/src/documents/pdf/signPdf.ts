import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import { SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { PDFDocument } from 'pdf-lib';
import type { SigningCertificate } from './signingCertificate.js';

/** What a reader shows of a signature besides the certificate. */
export interface SignatureFacts {
  /** Who signed, in words ("Dr Ann Smith, MD"). */
  name: string;
  /** Why ("Author", "Co-signer"). */
  reason: string;
  /** The facility. */
  location: string;
  /** How to reach the signer's facility. */
  contactInfo: string;
  signedAt: Date;
}

/** The room kept for the CMS signature (bytes; twice that in hex): a chain of a few certificates. */
const SIGNATURE_BYTES = 16_384;

/**
 * The PDF with a PAdES signature (ETSI.CAdES.detached) over all of its bytes but the signature's
 * own, made with `certificate`: a reader (pdfsig, Acrobat) reports it valid, and modified if any
 * byte of the file changes. The document is rewritten by pdf-lib (no object streams: the signed
 * byte range must be plain) before the signature goes in.
 */
export async function signPdf(
  pdf: Uint8Array,
  certificate: SigningCertificate,
  facts: SignatureFacts,
): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: facts.reason,
    name: facts.name,
    location: facts.location,
    contactInfo: facts.contactInfo,
    signingTime: facts.signedAt,
    signatureLength: SIGNATURE_BYTES,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    appName: 'Quill',
  });
  const prepared = await doc.save({ useObjectStreams: false });
  return new SignPdf().sign(
    Buffer.from(prepared),
    new P12Signer(certificate.p12, { passphrase: certificate.password }),
    facts.signedAt,
  );
}
