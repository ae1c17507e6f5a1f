/**
 * The FHIR R4 API's answers (issue 44): the diagnostics of its OperationOutcomes and the CLI that
 * registers its clients. Spread into enUS as `fhir.*`. No patient data in any of them.
 */
export const FHIR_MESSAGES = {
  notAcceptable:
    'This FHIR server answers JSON only: ask for application/fhir+json (Accept or _format=json).',
  unknownPath: 'This FHIR server serves no {{method}} {{path}}; see /fhir/R4/metadata for what it serves.',
  notFound: '{{type}}/{{id}} was not found.',
  badId: 'A resource id is 1 to 64 letters, digits, "-" or "."; {{id}} is not one.',
  unknownParam: 'Search parameter {{name}} is not supported for {{type}}; see /fhir/R4/metadata.',
  repeatedParam: 'Search parameter {{name}} may be given once.',
  badCount: '_count is a whole number from 0 to {{max}}.',
  badOffset: '_offset is a whole number from 0 to {{max}}.',
  badDate:
    'date takes a prefix (eq, ge, le, gt, lt) and a date: YYYY, YYYY-MM, YYYY-MM-DD or an instant; {{value}} is not one.',
  badToken: '{{name}} takes a value, or system|value, of at most {{max}} characters.',
  badStatus: 'status is current or superseded.',
  tooLong: 'Search parameter {{name}} is longer than {{max}} characters.',
  unauthenticated:
    'A bearer token is needed: get one at {{tokenUrl}} (SMART Backend Services), or sign in to Quill.',
  badToken401: 'The bearer token is not valid or has expired: get a new one at {{tokenUrl}}.',
  noScope: 'The token does not grant {{scope}}.',
  noPermission: 'Reading documents needs the permission to view jobs.',
  accountRequired: 'Choose the account you work as in Quill before reading its records.',
  token: {
    badRequest: 'The token request must be a form post with {{detail}}.',
    grantType: 'grant_type must be client_credentials.',
    assertionType: 'client_assertion_type must be urn:ietf:params:oauth:client-assertion-type:jwt-bearer.',
    assertionSize: 'client_assertion is longer than {{max}} characters.',
    unknownClient: 'The client assertion names no registered, enabled client.',
    badAssertion: 'The client assertion was refused: {{reason}}.',
    lifetime: 'its exp must be at most {{max}} seconds from now',
    jti: 'it needs a jti of 1 to {{max}} characters',
    replayed: 'its jti was already used',
    noKey: 'the client has no key that can check it',
    scope: 'None of the scopes asked for ({{asked}}) is granted to this client.',
  },
  clients: {
    usage: `FHIR client registration (DATA_DIR or DATABASE_URL as for the server):
  npm run fhir-clients -- add --name NAME --structure ID (--jwks FILE | --jwks-url URL) --scopes "system/DocumentReference.read …"
  npm run fhir-clients -- list
  npm run fhir-clients -- disable --client CLIENT_ID
Scopes: {{scopes}} (v2 ".rs" spellings accepted).`,
    added: 'Registered FHIR client {{name}}: client_id {{clientId}}',
    disabled: 'Disabled FHIR client {{clientId}}; its tokens stop working at once.',
    needs: '{{command}} needs {{what}}.',
    unknownCommand: 'Unknown command {{command}}.',
    noStructure: 'Corporate structure {{id}} does not exist.',
    badJwks: 'The JWKS must be a JSON object with a "keys" list of public RSA or EC keys: {{reason}}',
    privateKey: 'The JWKS holds a private key: register the public keys only.',
    badUrl: '--jwks-url must be an https:// URL (http:// only for localhost).',
    badScope: 'Unknown scope {{scope}}; the scopes are {{scopes}}.',
    noClient: 'No FHIR client {{clientId}}.',
  },
} as const;
