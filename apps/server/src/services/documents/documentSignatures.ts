import { signerName } from '@quill/core';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { physicians, signatures } from '../../db/schema/index.js';
import type { CdaSigner } from '../../documents/cda/signatureHeader.js';
import type { SignatureRecord } from '../../documents/renderable.js';

/** One live signature of a document version: as printed, and as the CDA header states its signer. */
export interface DocumentSignature extends SignatureRecord, CdaSigner {}

/** The physician's columns a signer's printed name is made of (core signerName). */
export const SIGNER_NAME_COLUMNS = {
  signatureBlock: physicians.signatureBlock,
  prefix: physicians.prefix,
  firstName: physicians.firstName,
  middleInitial: physicians.middleInitial,
  lastName: physicians.lastName,
  suffix: physicians.suffix,
  credentials: physicians.credentials,
};

/**
 * Quill's live (not voided) signatures of one document version (issue 43), the author's first, then
 * the co-signatures by time. Each is printed with the physician's signature block when set, else
 * the name with credentials. The caller reads the job within its tenant scope.
 */
export async function documentSignatures(
  ctx: Pick<AppContext, 'database'>,
  documentVersionId: number,
): Promise<DocumentSignature[]> {
  const rows = await ctx.database.db
    .select({
      meaning: signatures.meaning,
      signedAt: signatures.signedAt,
      physicianId: physicians.id,
      ...SIGNER_NAME_COLUMNS,
    })
    .from(signatures)
    .innerJoin(physicians, eq(physicians.id, signatures.physicianId))
    .where(and(eq(signatures.documentVersionId, documentVersionId), isNull(signatures.voidedAt)))
    .orderBy(asc(signatures.signedAt), asc(signatures.id));
  const all = rows.map(({ meaning, signedAt, physicianId, signatureBlock, ...person }) => ({
    meaning: meaning === 'author' ? ('author' as const) : ('co-signer' as const),
    name: signerName(signatureBlock, person),
    signedAt,
    physicianId,
    person,
  }));
  return [...all.filter((s) => s.meaning === 'author'), ...all.filter((s) => s.meaning !== 'author')];
}
