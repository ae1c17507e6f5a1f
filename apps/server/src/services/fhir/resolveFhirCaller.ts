import { message } from '@quill/core';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { fhirClients } from '../../db/schema/index.js';
import { forbidden, unauthenticated } from '../../errors/domainErrors.js';
import { FHIR_SCOPES } from '../../interop/fhir/scopes.js';
import { resolveSession } from '../auth/resolveSession.js';
import { TenantScope } from '../tenantScope/tenantScope.js';
import { verifyAccessToken } from './fhirAccessToken.js';
import type { FhirCaller } from './fhirCaller.js';

/** How a FHIR call proves who it is: a bearer token, or the Quill session cookie. */
export interface FhirCredentials {
  bearer: string | null;
  sessionToken: string | null;
  ip: string | null;
  tokenUrl: string;
}

/**
 * The caller of a FHIR call: a system by its bearer token (valid, unexpired, its client still
 * enabled; its client's one structure), or a signed-in user by the session (the account's
 * structures; the job view's permission, jobView, as for a job's documents). No credential, or a
 * bad one: 401 naming the token endpoint.
 */
export async function resolveFhirCaller(ctx: AppContext, c: FhirCredentials): Promise<FhirCaller> {
  if (c.bearer !== null) {
    const token = await verifyAccessToken(ctx, c.bearer);
    const [client] = token
      ? await ctx.database.db
          .select({ cs: fhirClients.corporateStructureId })
          .from(fhirClients)
          .where(and(eq(fhirClients.clientId, token.clientId), isNull(fhirClients.disabledAt)))
      : [];
    if (!token || !client)
      throw unauthenticated(message('fhir.badToken401', { tokenUrl: c.tokenUrl }), 'invalid_token');
    return {
      scope: TenantScope.of([client.cs]),
      scopes: new Set(token.scopes),
      userId: null,
      accountId: null,
      clientId: token.clientId,
      ip: c.ip,
    };
  }
  const auth = c.sessionToken ? (await resolveSession(ctx, c.sessionToken)).auth : null;
  if (!auth) throw unauthenticated(message('fhir.unauthenticated', { tokenUrl: c.tokenUrl }));
  if (auth.accountId === null) throw forbidden(message('fhir.accountRequired'));
  if (!auth.permissions.has('jobView')) throw forbidden(message('fhir.noPermission'));
  return {
    scope: auth.scope,
    scopes: new Set(FHIR_SCOPES),
    userId: auth.userId,
    accountId: auth.accountId,
    clientId: null,
    ip: c.ip,
  };
}
