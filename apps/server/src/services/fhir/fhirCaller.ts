import { message } from '@quill/core';
import type { AppContext } from '../../context.js';
import { forbidden } from '../../errors/domainErrors.js';
import { type FhirResourceType, readScope } from '../../interop/fhir/scopes.js';
import { type AuditOutcome, recordAudit } from '../audit/recordAudit.js';
import type { TenantScope } from '../tenantScope/tenantScope.js';

/**
 * Who reads through the FHIR API (issue 44): a registered system with a bearer token (its client's
 * one structure, the scopes granted) or a signed-in user's account (its structures, every read
 * scope, given the job view's permission).
 */
export interface FhirCaller {
  scope: TenantScope;
  scopes: ReadonlySet<string>;
  userId: number | null;
  accountId: number | null;
  clientId: string | null;
  ip: string | null;
}

/** Refuses (403) a read of a resource type the caller's token does not grant. */
export function requireScope(caller: FhirCaller, type: FhirResourceType): void {
  const scope = readScope(type);
  if (!caller.scopes.has(scope)) throw forbidden(message('fhir.noScope', { scope }), 'insufficient_scope');
}

/**
 * Audits a FHIR read or search of patient data: who (user and account, or the client), what type,
 * the ids answered (at most a page), and the one patient or job when the read names one.
 */
export async function auditFhir(
  ctx: Pick<AppContext, 'database'>,
  caller: FhirCaller,
  action: 'fhir.read' | 'fhir.search',
  what: {
    type: FhirResourceType;
    ids: readonly string[];
    patientId?: number | null;
    jobId?: number | null;
    corporateStructureId?: number | null;
    outcome?: AuditOutcome;
  },
): Promise<void> {
  await recordAudit(ctx, {
    action,
    outcome: what.outcome ?? 'success',
    userId: caller.userId,
    accountId: caller.accountId,
    corporateStructureId: what.corporateStructureId ?? null,
    jobId: what.jobId ?? null,
    patientId: what.patientId ?? null,
    ip: caller.ip,
    detail: {
      resourceType: what.type,
      ids: what.ids,
      count: what.ids.length,
      ...(caller.clientId ? { clientId: caller.clientId } : {}),
    },
  });
}
