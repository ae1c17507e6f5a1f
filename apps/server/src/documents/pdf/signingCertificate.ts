import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

/** A certificate and its private key as a PKCS#12 file, and the password that opens it. */
export interface SigningCertificate {
  p12: Buffer;
  password: string;
}

export interface CertificateSubject {
  /** The name a PDF reader shows as the signer's certificate ("Quill demo signing"). */
  commonName: string;
  organization: string;
}

/** How long a certificate made here is valid, from the day it is made. */
const VALID_YEARS = 10;

/**
 * A self-signed signing certificate (RSA 2048, SHA-256), packed as PKCS#12 under `password`: for the
 * demo and for tests, when no facility certificate is configured. A reader shows documents signed
 * with it as signed and unmodified, from a signer it does not know.
 */
export function makeSelfSignedCertificate(
  subject: CertificateSubject,
  password: string,
  now = new Date(),
): SigningCertificate {
  // Node's key generation is native; forge's own would take seconds on the main thread.
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKey = forge.pki.privateKeyFromPem(
    keys.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
  );
  const publicKey = forge.pki.publicKeyFromPem(
    keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  );
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  // A positive serial number of 16 random bytes (RFC 5280 §4.1.2.2).
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = now;
  cert.validity.notAfter = new Date(now);
  cert.validity.notAfter.setUTCFullYear(now.getUTCFullYear() + VALID_YEARS);
  const names = [
    { name: 'commonName', value: subject.commonName },
    { name: 'organizationName', value: subject.organization },
  ];
  cert.setSubject(names);
  cert.setIssuer(names);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', critical: true, digitalSignature: true, nonRepudiation: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(privateKey, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(privateKey, [cert], password, { algorithm: '3des' });
  return { p12: Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'), password };
}
