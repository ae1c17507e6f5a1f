import { randomUUID } from 'node:crypto';
import { message } from '@quill/core';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { corporateStructures, fhirClients } from '../../db/schema/index.js';
import { invalid, notFound } from '../../errors/domainErrors.js';
import { FHIR_SCOPES, parseScopes } from '../../interop/fhir/scopes.js';
import { recordAudit } from '../audit/recordAudit.js';

/** The members of a JWK that only a private key has. */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k'];

/** A JWKS of public RSA or EC keys, checked member by member; anything else is refused saying why. */
export function checkJwks(jwks: unknown): { keys: Record<string, unknown>[] } {
  const bad = (reason: string) => invalid(message('fhir.clients.badJwks', { reason }));
  if (!jwks || typeof jwks !== 'object' || !Array.isArray((jwks as { keys?: unknown }).keys)) {
    throw bad('no "keys" list');
  }
  const keys = (jwks as { keys: unknown[] }).keys;
  if (!keys.length || keys.length > 20) throw bad('1 to 20 keys');
  for (const key of keys) {
    if (!key || typeof key !== 'object') throw bad('a key is not an object');
    const k = key as Record<string, unknown>;
    if (PRIVATE_MEMBERS.some((m) => m in k)) throw invalid(message('fhir.clients.privateKey'));
    if (k.kty !== 'RSA' && k.kty !== 'EC') throw bad(`kty ${String(k.kty).slice(0, 10)} (RSA or EC only)`);
  }
  return { keys: keys as Record<string, unknown>[] };
}

/** A JWKS URL: https, or http on this machine only (a test peer). */
function checkJwksUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalid(message('fhir.clients.badUrl'));
  }
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname);
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && local)) {
    throw invalid(message('fhir.clients.badUrl'));
  }
  return parsed.toString();
}

/** A new FHIR client: its name, structure, keys (a JWKS or its URL) and the scopes it may be granted. */
export interface NewFhirClient {
  name: string;
  corporateStructureId: number;
  jwks?: unknown;
  jwksUrl?: string;
  scopes: string;
}

/**
 * Registers a system that reads the FHIR API (`npm run fhir-clients -- add`, issue 44): checks its
 * keys are public RSA/EC keys, its scopes known and its structure real, and answers its new
 * client id (a random UUID). Audited.
 */
export async function addFhirClient(ctx: Pick<AppContext, 'database'>, c: NewFhirClient): Promise<string> {
  const name = c.name.trim();
  if (!name || name.length > 200)
    throw invalid(message('fhir.clients.needs', { command: 'add', what: '--name' }));
  if ((c.jwks === undefined) === (c.jwksUrl === undefined)) {
    throw invalid(message('fhir.clients.needs', { command: 'add', what: 'one of --jwks or --jwks-url' }));
  }
  const { known, unknown } = parseScopes(c.scopes);
  if (unknown.length || !known.size) {
    throw invalid(
      message('fhir.clients.badScope', { scope: unknown[0] ?? '(none)', scopes: FHIR_SCOPES.join(' ') }),
    );
  }
  const [structure] = await ctx.database.db
    .select({ id: corporateStructures.id })
    .from(corporateStructures)
    .where(eq(corporateStructures.id, c.corporateStructureId));
  if (!structure) throw notFound(message('fhir.clients.noStructure', { id: c.corporateStructureId }));
  const clientId = randomUUID();
  await ctx.database.db.insert(fhirClients).values({
    clientId,
    name,
    corporateStructureId: structure.id,
    jwks: c.jwks === undefined ? null : checkJwks(c.jwks),
    jwksUrl: c.jwksUrl === undefined ? null : checkJwksUrl(c.jwksUrl),
    scopes: [...known].join(' '),
  });
  await recordAudit(ctx, {
    action: 'fhir.client.add',
    outcome: 'success',
    corporateStructureId: structure.id,
    detail: { clientId },
  });
  return clientId;
}

/** Every registered client: id, name, structure, scopes, where its keys are, when disabled. */
export async function listFhirClients(ctx: Pick<AppContext, 'database'>) {
  const rows = await ctx.database.db.select().from(fhirClients).orderBy(asc(fhirClients.createdAt));
  return rows.map((r) => ({
    clientId: r.clientId,
    name: r.name,
    corporateStructureId: r.corporateStructureId,
    scopes: r.scopes,
    keys: r.jwksUrl ?? `${(r.jwks as { keys?: unknown[] } | null)?.keys?.length ?? 0} key(s)`,
    createdAt: r.createdAt.toISOString(),
    disabledAt: r.disabledAt?.toISOString() ?? null,
  }));
}

/** Disables a client: it gets no new token, and its tokens stop working at the next call. Audited. */
export async function disableFhirClient(ctx: Pick<AppContext, 'database'>, clientId: string): Promise<void> {
  const [row] = await ctx.database.db
    .update(fhirClients)
    .set({ disabledAt: new Date() })
    .where(eq(fhirClients.clientId, clientId))
    .returning({ cs: fhirClients.corporateStructureId });
  if (!row) throw notFound(message('fhir.clients.noClient', { clientId: clientId.slice(0, 100) }));
  await recordAudit(ctx, {
    action: 'fhir.client.disable',
    outcome: 'success',
    corporateStructureId: row.cs,
    detail: { clientId },
  });
}
