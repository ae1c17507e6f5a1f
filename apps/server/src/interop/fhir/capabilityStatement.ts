import { FHIR_RESOURCE_TYPES, FHIR_SCOPES } from './scopes.js';
import type { ParamKinds } from './searchParams.js';

/** The search parameters of each searchable resource type: what the server takes, and what it says it takes. */
export const SEARCH_PARAMS = {
  DocumentReference: {
    patient: 'id',
    subject: 'id',
    'subject:identifier': 'token',
    'patient.identifier': 'token',
    date: 'date',
    type: 'token',
    status: 'token',
  },
  Patient: { _id: 'id', identifier: 'token', name: 'string', family: 'string', given: 'string' },
  Encounter: { _id: 'id', identifier: 'token', patient: 'id', subject: 'id' },
} as const satisfies Record<string, ParamKinds>;

const FHIR_TYPE = { id: 'reference', token: 'token', date: 'date', string: 'string' } as const;

/** The SMART token endpoint, relative to the FHIR base. */
export const TOKEN_PATH = '/auth/token';

const DOCS: Record<string, string> = {
  DocumentReference:
    'One per document version of a job: the current one status=current, older ones superseded; an addendum appends to the version it amends.',
  Binary: 'A document version as PDF (signed with PAdES when the author signed it) or its CDA.',
  Patient: 'A patient of a corporate structure the caller may read.',
  Encounter: 'A visit of such a patient.',
};

/** The CapabilityStatement: exactly the resources, interactions and search parameters served. */
export function capabilityStatement(base: string, software: { version: string }) {
  const resource = (type: keyof typeof DOCS) => {
    const params = (SEARCH_PARAMS as Record<string, ParamKinds>)[type];
    return {
      type,
      documentation: DOCS[type],
      interaction: [{ code: 'read' as const }, ...(params ? [{ code: 'search-type' as const }] : [])],
      ...(params
        ? {
            searchParam: Object.entries(params).map(([name, kind]) => ({ name, type: FHIR_TYPE[kind] })),
          }
        : {}),
    };
  };
  return {
    resourceType: 'CapabilityStatement' as const,
    status: 'active' as const,
    date: '2026-12-05',
    kind: 'instance' as const,
    software: { name: 'Quill', version: software.version },
    implementation: { description: 'Quill FHIR R4 API (read only)', url: base },
    fhirVersion: '4.0.1' as const,
    format: ['application/fhir+json', 'json'],
    rest: [
      {
        mode: 'server' as const,
        security: {
          cors: false,
          service: [
            {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/restful-security-service',
                  code: 'SMART-on-FHIR',
                },
              ],
            },
          ],
          description:
            'SMART Backend Services (client_credentials with a private_key_jwt assertion, RS384 or ES384) for systems; the Quill session for signed-in users.',
          extension: [
            {
              url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
              extension: [{ url: 'token', valueUri: `${base}${TOKEN_PATH}` }],
            },
          ],
        },
        resource: FHIR_RESOURCE_TYPES.map(resource),
      },
    ],
  };
}

/** /.well-known/smart-configuration: where to get a token and how (SMART App Launch 2.0 §2.1). */
export function smartConfiguration(base: string) {
  return {
    token_endpoint: `${base}${TOKEN_PATH}`,
    grant_types_supported: ['client_credentials'],
    token_endpoint_auth_methods_supported: ['private_key_jwt'],
    token_endpoint_auth_signing_alg_values_supported: ['RS384', 'ES384'],
    scopes_supported: [...FHIR_SCOPES, ...FHIR_SCOPES.map((s) => s.replace(/\.read$/, '.rs'))],
    capabilities: ['client-confidential-asymmetric', 'permission-v1', 'permission-v2'],
  };
}
