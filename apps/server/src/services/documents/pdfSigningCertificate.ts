import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import forge from 'node-forge';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { appSettings } from '../../db/schema/index.js';
import {
  makeSelfSignedCertificate,
  type SigningCertificate,
} from '../../documents/pdf/signingCertificate.js';

/** The app_settings row of the self-signed certificate: its PKCS#12 (base64) and the password it is encrypted under. */
export const SELF_SIGNED_KEY = 'secrets.pdfSigningCertificate';

/** Who a reader names as the signer of a PDF signed with the self-signed certificate. */
export const SELF_SIGNED_SUBJECT = { commonName: 'Quill document signing', organization: 'Quill' };

interface StoredCertificate {
  p12: string;
  password: string;
}

/**
 * The self-signed certificate every process of the deployment shares (issue 43): made once — the
 * first process to need it inserts it, a concurrent one's insert is dropped and both read the row
 * that won — and kept in the database (app_settings, like the cookie secret), its private key
 * encrypted in the PKCS#12 under a random password. Never logged, never served.
 */
export async function selfSignedCertificate(database: Database): Promise<SigningCertificate> {
  const read = async () =>
    (await database.db.select().from(appSettings).where(eq(appSettings.key, SELF_SIGNED_KEY)))[0]?.value as
      | StoredCertificate
      | undefined;
  let stored = await read();
  if (!stored) {
    const password = randomBytes(24).toString('base64url');
    const made = makeSelfSignedCertificate(SELF_SIGNED_SUBJECT, password);
    const value: StoredCertificate = { p12: made.p12.toString('base64'), password };
    await database.db.insert(appSettings).values({ key: SELF_SIGNED_KEY, value }).onConflictDoNothing();
    stored = await read();
  }
  return { p12: Buffer.from(stored!.p12, 'base64'), password: stored!.password };
}

/** The configured PKCS#12 file, checked to open with its password (the error names the file, never the password). */
async function configured(file: string, password: string): Promise<SigningCertificate> {
  const p12 = await readFile(file).catch((err: NodeJS.ErrnoException) => {
    throw new Error(`SIGNING_P12_FILE ${file} cannot be read (${err.code ?? err.message})`);
  });
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')));
    const bags = forge.pkcs12.pkcs12FromAsn1(asn1, password).getBags({ bagType: forge.pki.oids.certBag! });
    if (!bags[forge.pki.oids.certBag!]?.length) throw new Error('it holds no certificate');
  } catch (err) {
    throw new Error(
      `SIGNING_P12_FILE ${file} is not a PKCS#12 file that SIGNING_P12_PASSWORD opens: ${(err as Error).message}`,
    );
  }
  return { p12, password };
}

/** Per database, per configured file and password ('' for the self-signed one): the certificate read once. */
const loaded = new WeakMap<Database, Map<string, Promise<SigningCertificate>>>();

/**
 * The certificate that PAdES-signs distributed PDFs: the facility's (SIGNING_P12_FILE and
 * SIGNING_P12_PASSWORD), else the deployment's self-signed one. Read once per process and
 * database; a failure is not kept, so the next call tries again.
 */
export function pdfSigningCertificate(
  ctx: Pick<AppContext, 'database' | 'config'>,
): Promise<SigningCertificate> {
  const { SIGNING_P12_FILE: file, SIGNING_P12_PASSWORD: password } = ctx.config;
  const byFile = loaded.get(ctx.database) ?? new Map<string, Promise<SigningCertificate>>();
  loaded.set(ctx.database, byFile);
  const key = file ? `${file}\0${password ?? ''}` : '';
  let certificate = byFile.get(key);
  if (!certificate) {
    certificate = file ? configured(file, password ?? '') : selfSignedCertificate(ctx.database);
    byFile.set(key, certificate);
    certificate.catch(() => byFile.delete(key));
  }
  return certificate;
}
