import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFhirClient } from '../../services/fhir/manageFhirClients.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildStructure } from '../../testing/factories.js';
import {
  clientAssertion,
  expectValidFhir,
  fhirClientKey,
  postTokenRequest,
  tokenForm,
} from '../../testing/fhirTestKit.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

const pglite = databaseTargets()[0]!;

/**
 * The FHIR API is outside the endpoint table, so the fuzz suite does not reach it: its own bad
 * input — ids, counts, dates, parameters, media types, token requests — is answered 4xx with an
 * OperationOutcome (the token endpoint: OAuth's error), never a 500.
 */
describe('the FHIR R4 API refuses bad input in words (issue 44)', () => {
  let t: TestApp;
  let auth: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(pglite);
    const { structure } = await buildStructure(t.ctx);
    const key = await fhirClientKey();
    const clientId = await addFhirClient(t.ctx, {
      name: 'Fuzz',
      corporateStructureId: structure.id,
      jwks: key.jwks,
      scopes: 'system/*.read',
    });
    const tokenUrl = 'http://localhost:80/fhir/R4/auth/token';
    const res = await postTokenRequest(t.app, tokenForm(await clientAssertion(key, clientId, tokenUrl)));
    auth = { authorization: `Bearer ${res.json().access_token}` };
  }, 120_000);
  afterAll(async () => t?.close());

  const cases: [string, number, Record<string, string>?][] = [
    ['DocumentReference/abc', 400],
    ['DocumentReference/99999999999', 400],
    ['DocumentReference/0', 400],
    ['DocumentReference/12345', 404],
    ['Binary/pdf-x', 400],
    ['Binary/zip-1', 404],
    ['Binary/cda-99999', 404],
    ['Patient/%00', 400],
    ['Encounter/-1', 400],
    ['DocumentReference?_count=100000', 400],
    ['DocumentReference?_count=-1', 400],
    ['DocumentReference?_offset=99999999', 400],
    ['DocumentReference?date=yesterday', 400],
    ['DocumentReference?date=ge2026-13-01', 400],
    ['DocumentReference?date=2026-02-30', 400],
    ['DocumentReference?date=1&date=2&date=3', 400],
    ['DocumentReference?status=draft', 400],
    ['DocumentReference?patient=Patient/x', 400],
    ['DocumentReference?subject:identifier=|', 400],
    ['DocumentReference?bogus=1', 400],
    [`Patient?name=${'x'.repeat(500)}`, 400],
    ['Patient?name=a&name=b', 400],
    ['Encounter?patient=%27%3B--', 400],
    ['Patient?_format=xml', 406],
    ['Patient', 406, { accept: 'application/fhir+xml' }],
    ['metadata', 406, { accept: 'text/html' }],
    ['Observation', 404],
    ['DocumentReference/1/_history/1', 404],
  ];

  it.each(cases)('GET %s → %i OperationOutcome', async (path, status, headers = {}) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/fhir/R4/${path}`,
      headers: { ...auth, ...headers },
    });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toContain('application/fhir+json');
    const body = res.json();
    expectValidFhir(body);
    expect(body.resourceType).toBe('OperationOutcome');
    expect(body.issue[0].diagnostics.length).toBeGreaterThan(10);
  });

  it('refuses a write, and a garbage bearer token, as an OperationOutcome', async () => {
    const post = await t.app.inject({ method: 'POST', url: '/fhir/R4/Patient', headers: auth, payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json().resourceType).toBe('OperationOutcome');
    const garbage = await t.app.inject({
      method: 'GET',
      url: '/fhir/R4/Patient/1',
      headers: { authorization: `Bearer ${'x'.repeat(5000)}` },
    });
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json().resourceType).toBe('OperationOutcome');
  });

  it('refuses bad token requests with OAuth errors, never a 500', async () => {
    const bad = [
      { payload: 'grant_type=client_credentials', type: 'application/x-www-form-urlencoded' },
      {
        payload: new URLSearchParams(tokenForm('x'.repeat(9000))).toString(),
        type: 'application/x-www-form-urlencoded',
      },
      {
        payload: new URLSearchParams(tokenForm('not.a.jwt')).toString(),
        type: 'application/x-www-form-urlencoded',
      },
      {
        payload: new URLSearchParams(tokenForm('a'.repeat(20_000))).toString(),
        type: 'application/x-www-form-urlencoded',
      },
      { payload: '{"grant_type":1}', type: 'application/json' },
      { payload: '<xml/>', type: 'text/xml' },
    ];
    for (const b of bad) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/fhir/R4/auth/token',
        headers: { 'content-type': b.type },
        payload: b.payload,
      });
      expect(res.statusCode, b.payload.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(typeof res.json().error).toBe('string');
      expect(res.json().error_description.length).toBeGreaterThan(10);
    }
  });
});
