import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, documentVersions, jobs, patients, visits, workTypes } from '../../db/schema/index.js';
import { signAccessToken } from '../../services/fhir/fhirAccessToken.js';
import { addFhirClient, disableFhirClient } from '../../services/fhir/manageFhirClients.js';
import { databaseTargets } from '../../testing/databases.js';
import {
  buildJob,
  buildPatient,
  buildPhysician,
  buildSignature,
  buildStructure,
  buildUser,
} from '../../testing/factories.js';
import { addCdaDocument } from '../../testing/faxTestKit.js';
import {
  clientAssertion,
  expectValidFhir,
  fhirClientKey,
  postTokenRequest,
  tokenForm,
} from '../../testing/fhirTestKit.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

// biome-ignore lint/suspicious/noExplicitAny: FHIR JSON read by path in assertions
type Json = Record<string, any>;
const ALL = 'system/DocumentReference.read system/Binary.read system/Patient.read system/Encounter.read';

describe.each(databaseTargets())('the FHIR R4 API on $name (issue 44)', (target) => {
  let t: TestApp;
  let key: Awaited<ReturnType<typeof fhirClientKey>>;
  let clientId: string;
  let tokenUrl: string;
  let token: string;
  let north: Awaited<ReturnType<typeof buildStructure>>;
  let patientId: number;
  let mrn: string;
  let visitId: number;
  let jobId: number;
  let southPatientId: number;
  let southDocId: number;
  let originalId: number;
  let addendumId: number;

  /** GETs a FHIR path with the token (or other headers) and checks the answer is valid FHIR JSON. */
  const fhir = async (
    path: string,
    headers: Record<string, string> = { authorization: `Bearer ${token}` },
  ) => {
    const res = await t.app.inject({ method: 'GET', url: `/fhir/R4/${path}`, headers });
    const body = String(res.headers['content-type'] ?? '').startsWith('application/fhir+json')
      ? (res.json() as Json)
      : null;
    if (body) expectValidFhir(body);
    return { status: res.statusCode, body: body as Json, res };
  };
  const getToken = async (id: string, scope?: string, opts?: Parameters<typeof clientAssertion>[3]) =>
    postTokenRequest(t.app, tokenForm(await clientAssertion(key, id, tokenUrl, opts), scope));

  beforeAll(async () => {
    t = await createTestApp(target);
    north = await buildStructure(t.ctx, { name: 'North' });
    const south = await buildStructure(t.ctx, { name: 'South' });
    const patient = await buildPatient(t.ctx, north.structure.id, { first: 'Ingrid', last: 'Holm' });
    patientId = patient.id;
    mrn = patient.mrn;
    await t.ctx.database.db
      .update(patients)
      .set({ sex: 'F', dateOfBirth: '1950-02-03' })
      .where(eq(patients.id, patientId));
    const [visit] = await t.ctx.database.db
      .insert(visits)
      .values({
        patientId,
        visitNumber: 'V-100',
        patientClass: 'I',
        admittedAt: new Date('2026-03-01T08:00:00Z'),
      })
      .returning();
    visitId = visit!.id;
    const [wt] = await t.ctx.database.db
      .insert(workTypes)
      .values({ corporateStructureId: north.structure.id, name: 'Discharge Summary', number: 7 })
      .returning();
    const author = await buildPhysician(t.ctx, north.structure.id, {
      prefix: 'Dr.',
      firstName: 'Ada',
      lastName: 'Lind',
      credentials: 'MD',
    });
    const job = await buildJob(t.ctx, north.facilities[0]!, {
      stageId: 13,
      patientId,
      visitId,
      dictatorId: author.id,
      workTypeId: wt!.id,
    });
    jobId = job.id;
    await addCdaDocument(t.ctx, jobId);
    const [v1] = await t.ctx.database.db
      .select()
      .from(documentVersions)
      .where(eq(documentVersions.jobId, jobId));
    originalId = v1!.id;
    await t.ctx.database.db
      .update(documentVersions)
      .set({ createdAt: new Date('2026-03-02T10:00:00Z') })
      .where(eq(documentVersions.id, originalId));
    const [v2] = await t.ctx.database.db
      .insert(documentVersions)
      .values({
        jobId,
        version: 2,
        format: 'CDA',
        blobKey: v1!.blobKey,
        size: v1!.size,
        source: 'save',
        addendumOfVersion: 1,
        addendumReason: 'Correction',
        createdAt: new Date('2026-03-05T10:00:00Z'),
      })
      .returning();
    addendumId = v2!.id;
    const signer = await buildUser(t.ctx, { accounts: [{ companyId: north.structure.id }] });
    await buildSignature(t.ctx, { jobId, physicianId: author.id, accountId: signer.accounts[0]!.id });

    const southPatient = await buildPatient(t.ctx, south.structure.id, { first: 'Ingrid', last: 'Hollis' });
    southPatientId = southPatient.id;
    const southJob = await buildJob(t.ctx, south.facilities[0]!, { stageId: 13, patientId: southPatientId });
    await addCdaDocument(t.ctx, southJob.id);
    const [sd] = await t.ctx.database.db
      .select()
      .from(documentVersions)
      .where(eq(documentVersions.jobId, southJob.id));
    southDocId = sd!.id;

    key = await fhirClientKey();
    clientId = await addFhirClient(t.ctx, {
      name: 'HIE',
      corporateStructureId: north.structure.id,
      jwks: key.jwks,
      scopes: ALL,
    });
    const metadata = await fhir('metadata', {});
    tokenUrl = metadata.body.rest[0].security.extension[0].extension[0].valueUri;
    const res = await getToken(clientId);
    expect(res.statusCode).toBe(200);
    token = res.json().access_token;
  }, 180_000);
  afterAll(async () => t?.close());

  it('states in its CapabilityStatement exactly what it serves, and the SMART token endpoint', async () => {
    const { status, body } = await fhir('metadata', {});
    expect(status).toBe(200);
    const rest = body.rest[0];
    expect(rest.resource.map((r: Json) => r.type)).toEqual([
      'DocumentReference',
      'Binary',
      'Patient',
      'Encounter',
    ]);
    const doc = rest.resource.find((r: Json) => r.type === 'DocumentReference');
    expect(doc.interaction.map((i: Json) => i.code)).toEqual(['read', 'search-type']);
    expect(doc.searchParam.map((p: Json) => p.name)).toEqual(
      expect.arrayContaining([
        'patient',
        'subject:identifier',
        'patient.identifier',
        'date',
        'type',
        'status',
      ]),
    );
    expect(rest.resource.find((r: Json) => r.type === 'Binary').interaction).toEqual([{ code: 'read' }]);
    expect(tokenUrl).toMatch(/\/fhir\/R4\/auth\/token$/);
    const smart = (
      await t.app.inject({ method: 'GET', url: '/fhir/R4/.well-known/smart-configuration' })
    ).json();
    expect(smart.token_endpoint).toBe(tokenUrl);
    expect(smart.token_endpoint_auth_signing_alg_values_supported).toEqual(['RS384', 'ES384']);
    // The schema check every answer goes through can fail.
    expect(() => expectValidFhir({ ...body, status: 'bogus' })).toThrow(/not valid FHIR R4/);
  });

  it('gives a registered client a five-minute token with the scopes asked for that it holds', async () => {
    const res = await getToken(clientId, 'system/Patient.rs system/Observation.read');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token_type: 'bearer', expires_in: 300, scope: 'system/Patient.read' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('searches a patient’s documents: every version, current and superseded, the addendum appending to the original', async () => {
    const { status, body } = await fhir(`DocumentReference?patient=${patientId}`);
    expect(status).toBe(200);
    expect(body.type).toBe('searchset');
    const byId = new Map(body.entry.map((e: Json) => [e.resource.id, e.resource]));
    expect([...byId.keys()]).toEqual([String(addendumId), String(originalId)]);
    const addendum = byId.get(String(addendumId)) as Json;
    const original = byId.get(String(originalId)) as Json;
    expect(addendum.status).toBe('current');
    expect(original.status).toBe('superseded');
    expect(addendum.relatesTo).toEqual([
      { code: 'appends', target: { reference: `DocumentReference/${originalId}` } },
    ]);
    expect(addendum.docStatus).toBe('final');
    expect(addendum.authenticator.display).toContain('Lind');
    expect(original.docStatus).toBe('preliminary');
    expect(addendum.type.coding[0]).toMatchObject({ system: 'http://loinc.org', code: '18842-5' });
    expect(addendum.subject).toEqual({ reference: `Patient/${patientId}` });
    expect(addendum.context.encounter).toEqual([{ reference: `Encounter/${visitId}` }]);
    expect(addendum.content.map((c: Json) => c.attachment.contentType)).toEqual([
      'application/pdf',
      'application/hl7-cda+xml',
    ]);
  });

  it('reads the Binary PDF (signed, as the download serves it), as bytes or as a Binary resource, and the CDA', async () => {
    const doc = (await fhir(`DocumentReference/${addendumId}`)).body;
    const pdfUrl = doc.content[0].attachment.url;
    const raw = await t.app.inject({
      method: 'GET',
      url: `/fhir/R4/${pdfUrl}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toContain('application/pdf');
    expect(raw.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(raw.rawPayload.includes(Buffer.from('/ByteRange'))).toBe(true);
    const json = await fhir(pdfUrl, { authorization: `Bearer ${token}`, accept: 'application/fhir+json' });
    expect(json.body.contentType).toBe('application/pdf');
    expect(Buffer.from(json.body.data, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const cda = await t.app.inject({
      method: 'GET',
      url: `/fhir/R4/${doc.content[1].attachment.url}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(cda.statusCode).toBe(200);
    expect(cda.body).toContain('ClinicalDocument');
    const old = await t.app.inject({
      method: 'GET',
      url: `/fhir/R4/Binary/pdf-${originalId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(old.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  }, 120_000);

  it('searches by the patient’s MRN, date, type and status', async () => {
    const ids = async (q: string) =>
      ((await fhir(`DocumentReference?${q}`)).body.entry ?? []).map((e: Json) => Number(e.resource.id));
    expect(await ids(`subject:identifier=${mrn}`)).toEqual([addendumId, originalId]);
    expect(await ids(`patient.identifier=urn:quill:mrn:${north.structure.id}|${mrn}`)).toEqual([
      addendumId,
      originalId,
    ]);
    expect(await ids(`patient.identifier=urn:other|${mrn}`)).toEqual([]);
    expect(await ids(`patient=${patientId}&date=ge2026-03-04&date=le2026-03`)).toEqual([addendumId]);
    expect(await ids(`patient=${patientId}&date=lt2026-03-04T00:00:00Z`)).toEqual([originalId]);
    expect(await ids(`patient=${patientId}&type=http://loinc.org|18842-5`)).toEqual([addendumId, originalId]);
    expect(await ids(`patient=${patientId}&type=11506-3`)).toEqual([]);
    expect(await ids(`patient=${patientId}&status=superseded`)).toEqual([originalId]);
  });

  it('pages with _count and next/previous links', async () => {
    const first = (await fhir(`DocumentReference?patient=${patientId}&_count=1`)).body;
    expect(first.entry).toHaveLength(1);
    const next = first.link.find((l: Json) => l.relation === 'next').url as string;
    const second = (await fhir(next.slice(next.indexOf('/fhir/R4/') + 9))).body;
    expect(second.entry[0].resource.id).toBe(String(originalId));
    expect(second.link.some((l: Json) => l.relation === 'next')).toBe(false);
    expect(second.link.some((l: Json) => l.relation === 'previous')).toBe(true);
  });

  it('reads and searches patients (name prefixes in any case, MRN) and encounters (visit number)', async () => {
    const patient = (await fhir(`Patient/${patientId}`)).body;
    expect(patient).toMatchObject({
      gender: 'female',
      birthDate: '1950-02-03',
      name: [{ family: 'Holm', given: ['Ingrid'] }],
    });
    const byName = (await fhir('Patient?family=hOL&given=ingr')).body;
    expect(byName.entry.map((e: Json) => e.resource.id)).toEqual([String(patientId)]);
    expect((await fhir(`Patient?identifier=${mrn}`)).body.entry).toHaveLength(1);
    const enc = (await fhir('Encounter?identifier=V-100')).body.entry[0].resource;
    expect(enc).toMatchObject({
      id: String(visitId),
      status: 'in-progress',
      subject: { reference: `Patient/${patientId}` },
    });
    expect((await fhir(`Encounter/${visitId}`)).status).toBe(200);
  });

  it('finds nothing of another structure: reads are 404, searches empty', async () => {
    for (const path of [
      `DocumentReference/${southDocId}`,
      `Binary/pdf-${southDocId}`,
      `Patient/${southPatientId}`,
    ]) {
      const { status, body } = await fhir(path);
      expect(status, path).toBe(404);
      expect(body.resourceType).toBe('OperationOutcome');
    }
    expect((await fhir(`DocumentReference?patient=${southPatientId}`)).body.entry).toEqual([]);
    expect((await fhir('Patient?name=ingrid')).body.entry.map((e: Json) => e.resource.id)).toEqual([
      String(patientId),
    ]);
  });

  it('refuses a read its token has no scope for (403), and a replayed assertion', async () => {
    const narrow = await addFhirClient(t.ctx, {
      name: 'MPI',
      corporateStructureId: north.structure.id,
      jwks: key.jwks,
      scopes: 'system/Patient.read',
    });
    const narrowToken = (await getToken(narrow)).json().access_token;
    const refused = await fhir(`DocumentReference?patient=${patientId}`, {
      authorization: `Bearer ${narrowToken}`,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.issue[0].diagnostics).toContain('system/DocumentReference.read');
    expect((await fhir(`Patient/${patientId}`, { authorization: `Bearer ${narrowToken}` })).status).toBe(200);

    const assertion = await clientAssertion(key, clientId, tokenUrl);
    expect((await postTokenRequest(t.app, tokenForm(assertion))).statusCode).toBe(200);
    const replay = await postTokenRequest(t.app, tokenForm(assertion));
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ error: 'invalid_client' });
    expect(replay.json().error_description).toContain('already used');
  });

  it('refuses assertions that are not the client’s, are for another audience or live too long', async () => {
    const other = await fhirClientKey();
    const wrongKey = await postTokenRequest(
      t.app,
      tokenForm(await clientAssertion(other, clientId, tokenUrl)),
    );
    expect(wrongKey.statusCode).toBe(401);
    expect(
      (await getToken(clientId, undefined, { audience: 'https://elsewhere/token' })).json().error_description,
    ).toContain('aud');
    expect((await getToken(clientId, undefined, { expiresIn: '1h' })).json().error_description).toContain(
      '300 seconds',
    );
    expect((await getToken('no-such-client')).statusCode).toBe(401);
    expect((await postTokenRequest(t.app, { grant_type: 'password' })).json().error).toBe(
      'unsupported_grant_type',
    );
  });

  it('answers 401 with WWW-Authenticate for no token, an expired one, or a disabled client’s', async () => {
    const none = await fhir(`Patient/${patientId}`, {});
    expect(none.status).toBe(401);
    expect(none.res.headers['www-authenticate']).toMatch(/^Bearer realm=/);
    const expired = await signAccessToken(
      t.ctx,
      clientId,
      ['system/Patient.read'],
      new Date(Date.now() - 10 * 60_000),
    );
    const late = await fhir(`Patient/${patientId}`, { authorization: `Bearer ${expired}` });
    expect(late.status).toBe(401);
    expect(late.res.headers['www-authenticate']).toContain('invalid_token');
    const gone = await addFhirClient(t.ctx, {
      name: 'Old',
      corporateStructureId: north.structure.id,
      jwks: key.jwks,
      scopes: ALL,
    });
    const goneToken = (await getToken(gone)).json().access_token;
    await disableFhirClient(t.ctx, gone);
    expect((await fhir(`Patient/${patientId}`, { authorization: `Bearer ${goneToken}` })).status).toBe(401);
  });

  it('serves a signed-in user with the job view permission the structures of the account', async () => {
    const viewer = await buildUser(t.ctx, {
      accounts: [{ companyId: north.structure.id, permissions: ['jobView'] }],
    });
    const browser = new TestBrowser(t.app);
    await browser.signInAs(viewer.user.username, viewer.password, viewer.accounts[0]!.id);
    const own = await browser.get(`/fhir/R4/DocumentReference?patient=${patientId}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().entry).toHaveLength(2);
    expect((await browser.get(`/fhir/R4/DocumentReference/${southDocId}`)).statusCode).toBe(404);
    const blind = await buildUser(t.ctx, {
      accounts: [{ companyId: north.structure.id, permissions: ['profile'] }],
    });
    const other = new TestBrowser(t.app);
    await other.signInAs(blind.user.username, blind.password, blind.accounts[0]!.id);
    expect((await other.get(`/fhir/R4/Patient/${patientId}`)).statusCode).toBe(403);
  });

  it('audits every read and search of patient data with the client that made it', async () => {
    await fhir(`Patient/${patientId}`);
    const rows = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'fhir.read'),
          eq(auditLog.patientId, patientId),
          sql`${auditLog.detail}->>'clientId' = ${clientId}`,
        ),
      );
    expect(rows.length).toBeGreaterThan(0);
    const searches = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'fhir.search'));
    expect(searches.some((r) => (r.detail as Json).resourceType === 'DocumentReference')).toBe(true);
    const job = await t.ctx.database.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(job).toHaveLength(1);
  });
});
