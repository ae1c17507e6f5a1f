import { formatJobDateTime, type SignaturesSchema, signerName } from '@quill/core';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { physicians, signatures } from '../../db/schema/index.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/auth.js';
import { facilityTimeZone } from '../jobAccess/facilityTimeZone.js';
import { requireJob } from '../tenantScope/requireJob.js';

/**
 * GET /api/signing/signatures (issue 43): a job's signatures, live and voided, oldest first — each
 * signer as "Name, Credentials" or the physician's signature block, the time signed (UTC) and as
 * the facility's clock shows it (with its zone). Another tenant's job 404; audited as a read.
 */
export async function listSignatures(
  ctx: AppContext,
  auth: Auth,
  jobId: number,
  ip: string | null,
): Promise<z.infer<typeof SignaturesSchema>> {
  const job = await requireJob(ctx, auth.scope, jobId);
  const db = ctx.database.db;
  const zone = await facilityTimeZone(ctx, job.clientFacilityId);
  const rows = await db
    .select({ s: signatures, p: physicians })
    .from(signatures)
    .innerJoin(physicians, eq(physicians.id, signatures.physicianId))
    .where(eq(signatures.jobId, job.id))
    .orderBy(asc(signatures.signedAt), asc(signatures.id));
  await auditJob(ctx, auth, job, 'job.signatures.read', ip, { count: rows.length });
  return rows.map(({ s, p }) => ({
    meaning: s.meaning === 'co-signer' ? 'co-signer' : 'author',
    signer: signerName(p.signatureBlock, p),
    onBehalf: s.onBehalf,
    signedAt: s.signedAt.toISOString(),
    formattedSignedAt: formatJobDateTime(s.signedAt, zone, auth.display, {
      zoneLabel: true,
    }),
    jobVersion: s.jobVersion,
    documentSha256: s.documentSha256,
    voided: s.voidedAt !== null,
  }));
}
