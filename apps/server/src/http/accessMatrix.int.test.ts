import { ENDPOINTS, type Endpoint } from '@quill/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountPermissions,
  accounts,
  clientFacilities,
  corporateStructures,
  patients,
  uploads,
  users,
} from '../db/schema/index.js';
import { DEMO_PASSWORD, DEMO_SIGN_INS, seedDemo } from '../demo/seed.js';
import {
  ACCESS_MATRIX,
  type Caller,
  type MatrixCall,
  type MatrixEntry,
  type Tenant,
} from '../testing/accessMatrix.js';
import { addAttachment } from '../testing/attachmentTestKit.js';
import { databaseTargets } from '../testing/databases.js';
import { addFailedDelivery } from '../testing/deliveryTestKit.js';
import { readZip } from '../testing/documents/documentTestKit.js';
import { buildUser } from '../testing/factories.js';
import { addInterfaceMessage } from '../testing/interfaceTestKit.js';
import { buildEditorWorld, jobDataBody } from '../testing/jobEditorTestKit.js';
import { TestBrowser } from '../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../testing/testContext.js';
import { addWordDocument, wordDocument } from '../testing/wopiTestKit.js';

interface Row {
  key: string;
  endpoint: Endpoint;
  entry: MatrixEntry;
}

/** Every endpoint of the table by `area.name` (another spelling of a served path is the same route). */
function tableKeys(): Map<string, Endpoint> {
  const keys = new Map<string, Endpoint>();
  for (const [area, endpoints] of Object.entries(ENDPOINTS))
    for (const [name, e] of Object.entries(endpoints as Record<string, Endpoint>))
      if (!e.spellingOf) keys.set(`${area}.${name}`, e);
  return keys;
}

function matrixKeys(): Map<string, MatrixEntry> {
  const keys = new Map<string, MatrixEntry>();
  for (const [area, entries] of Object.entries(ACCESS_MATRIX))
    for (const [name, entry] of Object.entries(entries as Record<string, MatrixEntry | undefined>))
      if (entry) keys.set(`${area}.${name}`, entry);
  return keys;
}

/** Values only the other tenant's records hold: none may reach a caller of the demo's tenant. */
const OTHER_SECRETS = [
  'Everyman',
  'Cuddy',
  'Quillfeather',
  'MRN-MATRIX-OTHER',
  'Matrix Other Clinic',
  'Matrix Other Facility',
];

/** The caller of the demo's tenant without any permission (issue 41). */
const NO_PERMISSIONS = 'nopermissions';

/** What a refused write must leave as it was: every row a call of the table may write. */
const HASHED = ['jobs', 'bookings', 'uploads'];
const COUNTED = [
  'document_versions',
  'recipients',
  'job_notes',
  'job_flags',
  'job_orders',
  'audio_files',
  'physicians',
  'patients',
  'visits',
  'attachments',
  'fax_records',
  'print_events',
  'distributions',
  'signatures',
];
const FINGERPRINT = `select ${[
  ...HASHED.map(
    (t) => `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from ${t} x) as ${t}`,
  ),
  ...COUNTED.map((t) => `(select count(*)::int from ${t}) as ${t}`),
].join(', ')}`;

/** An answer for a failure message: JSON or text as it is, a file by its type and size. */
function shown(res: { body: string; headers: Record<string, unknown> }): string {
  const type = String(res.headers['content-type'] ?? '');
  return /json|text/.test(type) ? res.body.slice(0, 200) : `(${type || 'no type'}, ${res.body.length} bytes)`;
}

/** Spec 01 §6 "See patient name": adtView, adtEdit or jobEditAdt. */
const seesPatients = (c: Caller) => ['adtView', 'adtEdit', 'jobEditAdt'].some((p) => c.permissions.has(p));

/**
 * Every patient identifier of the demo tenant's jobs, as a list, an export or a document may write
 * it: the name ("Last, First" and "First Last", the record's and the job's own ADT values), the
 * MRN, and the birth date (ISO and MM/DD/YYYY).
 */
const PATIENT_IDENTIFIERS = (corpId: number) => `
  select distinct v from jobs j left join patients p on p.id = j.patient_id,
    lateral (values (p.last_name || ', ' || p.first_name), (p.first_name || ' ' || p.last_name), (p.mrn),
      (job_patient_name(j.adt, p.last_name, p.first_name)), (job_patient_mrn(j.adt, p.mrn)),
      (to_char(p.date_of_birth, 'YYYY-MM-DD')), (to_char(p.date_of_birth, 'MM/DD/YYYY'))) x(v)
  where j.corporate_structure_id = ${corpId} and coalesce(v, '') <> ''`;

/** An answer's text to search: its bytes, and each part of a zip (an XLSX export) unpacked. */
async function answerText(res: { rawPayload: Buffer }): Promise<string> {
  const bytes = res.rawPayload;
  if (bytes.subarray(0, 4).toString('latin1') !== 'PK\u0003\u0004') return bytes.toString('utf8');
  const parts = await readZip(bytes);
  return [...parts.values()].map((part) => part.toString('utf8')).join('\n');
}

/** A refusal as ARCHITECTURE §5 writes it: `{error: {code, message}}` and nothing else. */
function isErrorAnswer(res: { body: string; headers: Record<string, unknown> }): boolean {
  if (!/json/.test(String(res.headers['content-type']))) return false;
  const answer = JSON.parse(res.body) as { error?: Record<string, unknown> };
  return (
    Object.keys(answer).join() === 'error' &&
    typeof answer.error?.code === 'string' &&
    typeof answer.error?.message === 'string' &&
    // `details`: what a refusal of some codes carries for the caller to act on (ApiErrorSchema).
    Object.keys(answer.error).every((k) => k === 'code' || k === 'message' || k === 'details')
  );
}

function permits(entry: MatrixEntry, c: Caller): boolean {
  const g = entry.gate;
  if (g.kind === 'public') return true;
  if (!c.signedIn) return false;
  if (g.kind === 'user') return true;
  if (!c.account) return false;
  if (g.all && !g.all.every((p) => c.permissions.has(p))) return false;
  if (g.any && !g.any.some((p) => c.permissions.has(p))) return false;
  return true;
}

/** The answers due to the caller with its own ids (`foreign`: with the other tenant's). */
function expected(row: Row, c: Caller, foreign: boolean, demoIds: boolean): number[] {
  const { entry, endpoint } = row;
  const ok = [...(typeof entry.ok === 'function' ? entry.ok(c) : (entry.ok ?? [endpoint.status ?? 200]))];
  if (!c.signedIn) return [...(entry.anonymous ?? (entry.credential === 'public' ? ok : [401]))];
  if (entry.credential === 'public') return ok;
  const noCredential =
    (entry.credential === 'attachments' && !c.attachmentAuth) ||
    (entry.credential === 'wopi' && !c.wopiToken);
  const refused = noCredential ? [401] : [entry.refusal ?? 403];
  if (noCredential || !permits(entry, c)) return foreign ? [...refused, 404] : refused;
  if (!foreign) return ok;
  return [...(typeof entry.foreign === 'function' ? entry.foreign(c, demoIds) : (entry.foreign ?? [404]))];
}

describe.each(databaseTargets())('the access matrix on $name', (target) => {
  let t: TestApp;
  let own: Tenant;
  let other: Tenant;
  const callers: Caller[] = [];
  const ownSecrets: string[] = [];
  /** The own job's patient by name: only a caller with a patient-name permission may see it. */
  const ownPatientNames: string[] = [];
  /** Every patient identifier of the demo tenant's jobs (PATIENT_IDENTIFIERS). */
  const identifiers: string[] = [];
  /** The demo tenant's client facilities: the lists of all its jobs. */
  let ownFacilities = '';

  const fingerprint = async () => (await t.ctx.database.executeSql(FINGERPRINT)).rows[0];
  /** Rows of a query, every column a number (PostgreSQL answers bigint columns as text). */
  const q = async <T>(text: string) =>
    (await t.ctx.database.executeSql(text)).rows.map((r) =>
      Object.fromEntries(Object.entries(r as object).map(([k, v]) => [k, Number(v)])),
    ) as T[];

  /** Sends a call as the caller: its cookies, and the CSRF header on a POST (own-credential calls: neither). */
  async function send(c: Caller, call: MatrixCall, withCookies: boolean, csrf = true) {
    const headers: Record<string, string> = {};
    if (withCookies) {
      if (call.method === 'POST' && !c.browser.cookies.has('XSRF-TOKEN'))
        await c.browser.get('/api/account/authenticated');
      headers.cookie = [...c.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      if (call.method === 'POST' && csrf) headers['x-xsrf-token'] = c.browser.cookies.get('XSRF-TOKEN') ?? '';
      // The Word client's form post is checked by where the browser says it came from.
      if (call.method === 'POST' && !csrf) headers['sec-fetch-site'] = 'cross-site';
    }
    return t.app.inject({
      method: call.method,
      url: call.url,
      headers: { ...headers, ...(call.headers ?? {}) },
      ...(call.payload === undefined ? {} : { payload: call.payload as string }),
    });
  }

  async function signedIn(name: string, memberId: number | null, password = DEMO_PASSWORD): Promise<Caller> {
    const browser = new TestBrowser(t.app);
    if (memberId === null) await browser.signIn(name, password);
    else await browser.signInAs(name, password, memberId);
    const perms = memberId
      ? await t.ctx.database.db
          .select({ p: accountPermissions.permission })
          .from(accountPermissions)
          .where(eq(accountPermissions.accountId, memberId))
      : [];
    const c: Caller = {
      name,
      browser,
      signedIn: true,
      account: memberId !== null,
      memberId,
      permissions: new Set(perms.map((r) => r.p)),
      attachmentAuth: null,
      wopiToken: null,
      password,
    };
    const cred = await browser.get('/api/Account/GetAttachmentApiCredentials');
    if (cred.statusCode === 200) c.attachmentAuth = cred.json().credentials;
    // A WOPI token for the own Word job: an editing one when the caller may book the job out.
    const booked = await browser.post('/api/job/bookoutjob', { jobId: own.docxJobId });
    const auth = await browser.get(`/api/jobs/getwordauth?jobId=${own.docxJobId}`);
    if (auth.statusCode === 200) c.wopiToken = auth.json().accessToken;
    if (booked.statusCode === 200)
      await browser.post(
        `/api/job/cancelbooking?jobId=${own.docxJobId}&bookingCookie=${encodeURIComponent(booked.json().bookingCookie)}`,
      );
    return c;
  }

  beforeAll(async () => {
    t = await createTestApp(target);
    await seedDemo(t.ctx.database, t.ctx.blobs, { jobs: 60, facilities: 3 });
    await buildUser(t.ctx, { username: 'matrix-login' });

    // The demo's tenant: the big corporate structure every demo role works in.
    const [big] = await q<{ id: number }>(
      "select id from corporate_structures where name = 'Meridian Valley Health'",
    );
    const [job] = await q<{ id: number; cf: number; patient: number; dictator: number; wt: number }>(
      `select j.id, j.client_facility_id as cf, j.patient_id as patient, j.dictator_id as dictator,
              j.work_type_id as wt
         from jobs j join client_facilities f on f.id = j.client_facility_id
        where j.corporate_structure_id = ${big!.id} and f.attachments_enabled and j.patient_id is not null
          and j.dictator_id is not null and j.work_type_id is not null and j.stage_id in (2, 3)
          and exists (select 1 from document_versions d where d.job_id = j.id and d.format = 'CDA')
          and not exists (select 1 from document_versions d where d.job_id = j.id and d.format <> 'CDA')
          and exists (select 1 from audio_files a where a.job_id = j.id)
          and exists (select 1 from recipients r where r.job_id = j.id and not r.removed)
        order by j.id limit 1`,
    );
    const [docx] = await q<{ id: number }>(
      `select j.id from jobs j where j.corporate_structure_id = ${big!.id} and j.stage_id not in (13, 16)
          and exists (select 1 from document_versions d where d.job_id = j.id and d.format = 'DOCX')
        order by j.id limit 1`,
    );
    const [attachment] = (
      await t.ctx.database.executeSql(
        `select id from attachments where client_facility_id = ${job!.cf} order by id limit 1`,
      )
    ).rows as { id: string }[];
    const [manager] = await t.ctx.database.db
      .select({ id: accounts.id })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(eq(users.username, 'manager'))
      .orderBy(accounts.id)
      .limit(1);
    const [ownUpload] = await t.ctx.database.db
      .insert(uploads)
      .values({
        accountId: manager!.id,
        clientFacilityId: job!.cf,
        kind: 'SCHEDULE',
        fileName: 'schedule.csv',
        blobKey: 'matrix/none',
        size: 1,
        status: 'done',
      })
      .returning();
    const [patient] = await t.ctx.database.db.select().from(patients).where(eq(patients.id, job!.patient));
    ownPatientNames.push(
      `${patient!.lastName}, ${patient!.firstName}`,
      `${patient!.firstName} ${patient!.lastName}`,
    );
    ownSecrets.push(...ownPatientNames, patient!.mrn);
    ownFacilities = (
      await q<{ id: number }>(`select id from client_facilities where corporate_structure_id = ${big!.id}`)
    )
      .map((f) => f.id)
      .join(',');
    identifiers.push(
      ...(await t.ctx.database.executeSql(PATIENT_IDENTIFIERS(big!.id))).rows.map((r) =>
        String((r as { v: string }).v),
      ),
    );
    const managerBrowser = new TestBrowser(t.app);
    await managerBrowser.signInAs('manager', DEMO_PASSWORD, manager!.id);
    own = {
      corpId: big!.id,
      cfId: job!.cf,
      jobId: job!.id,
      docxJobId: docx!.id,
      workTypeId: job!.wt,
      dictatorId: job!.dictator,
      physicianId: job!.dictator,
      patientId: job!.patient,
      uploadId: ownUpload!.id,
      attachmentId: attachment!.id,
      memberId: manager!.id,
      userId: (
        await buildUser(t.ctx, {
          username: 'matrix-target',
          accounts: [{ companyId: big!.id, memberType: 2, permissions: ['jobView'] }],
        })
      ).user.id,
      jobData: jobDataBody((await managerBrowser.get(`/api/job/getjobdata?jobId=${job!.id}`)).json()),
      failedDeliveryId: await addFailedDelivery(t.ctx, job!.id),
      interfaceMessageId: await addInterfaceMessage(t.ctx, { corporateStructureId: big!.id, jobId: job!.id }),
      bookingCookie: null,
    };

    // Another tenant no demo user may see, with values found nowhere else.
    const w = await buildEditorWorld(t.ctx);
    await t.ctx.database.db
      .update(corporateStructures)
      .set({ name: 'Matrix Other Clinic' })
      .where(eq(corporateStructures.id, w.north.structure.id));
    await t.ctx.database.db
      .update(clientFacilities)
      .set({ name: 'Matrix Other Facility' })
      .where(eq(clientFacilities.id, w.cf.id));
    await t.ctx.database.db
      .update(patients)
      .set({ mrn: 'MRN-MATRIX-OTHER-1' })
      .where(eq(patients.id, w.patient.id));
    const otherJob = await w.makeJob();
    const otherDocx = await w.makeJob({}, null);
    await addWordDocument(t.ctx, otherDocx.id, wordDocument('Quillfeather'));
    const otherAttachment = await addAttachment(t.ctx, w.cf.id, new Date(Date.now() - 86_400_000), {
      name: 'Quillfeather results',
      patientId: w.patient.id,
    });
    const [otherUpload] = await t.ctx.database.db
      .insert(uploads)
      .values({
        accountId: w.editors[0]!.accounts[0]!.id,
        clientFacilityId: w.cf.id,
        kind: 'SCHEDULE',
        fileName: 'Quillfeather.csv',
        blobKey: 'matrix/none',
        size: 1,
        status: 'done',
      })
      .returning();
    const editor = await w.browser(t.app, 0);
    const booked = await editor.post('/api/job/bookoutjob', { jobId: otherJob.id });
    other = {
      corpId: w.north.structure.id,
      cfId: w.cf.id,
      jobId: otherJob.id,
      docxJobId: otherDocx.id,
      workTypeId: w.wt.id,
      dictatorId: w.docs[0]!.id,
      physicianId: w.docs[1]!.id,
      patientId: w.patient.id,
      uploadId: otherUpload!.id,
      attachmentId: otherAttachment,
      memberId: w.editors[0]!.accounts[0]!.id,
      userId: w.editors[1]!.user.id,
      jobData: jobDataBody((await editor.get(`/api/job/getjobdata?jobId=${otherJob.id}`)).json()),
      failedDeliveryId: await addFailedDelivery(t.ctx, otherJob.id),
      interfaceMessageId: await addInterfaceMessage(t.ctx, {
        corporateStructureId: w.north.structure.id,
        jobId: otherJob.id,
      }),
      bookingCookie: booked.json().bookingCookie,
    };

    // The callers: no session, then each demo role as `npm start` prints them.
    callers.push({
      name: 'no session',
      browser: new TestBrowser(t.app),
      signedIn: false,
      account: false,
      memberId: null,
      permissions: new Set(),
      attachmentAuth: null,
      wopiToken: null,
    });
    for (const { username } of DEMO_SIGN_INS) {
      const [account] = await t.ctx.database.db
        .select({ id: accounts.id })
        .from(accounts)
        .innerJoin(users, eq(users.id, accounts.userId))
        .where(eq(users.username, username))
        .orderBy(accounts.id)
        .limit(1);
      callers.push(await signedIn(username, account?.id ?? null));
    }
    // And two accounts of the demo's tenant the demo roles do not cover: without any permission,
    // and with jobView alone (jobs, but no patient names: spec 01 §6 "See patient name").
    for (const [name, permissions] of [
      [NO_PERMISSIONS, []],
      ['jobviewonly', ['jobView']],
    ] as const) {
      const u = await buildUser(t.ctx, {
        username: name,
        accounts: [{ companyId: big!.id, memberType: 2, permissions }],
      });
      callers.push(await signedIn(name, u.accounts[0]!.id, u.password));
    }
  }, 300_000);
  afterAll(async () => t?.close());

  /**
   * The manager working as its second account, in the demo's other company (Kestrel Bay): the
   * demo tenant's ids are another tenant's to it. Signed in when its turn comes, after the
   * manager's first session has run its calls (a new sign-in ends the earlier session).
   */
  async function kestrelBay(): Promise<Caller> {
    const [, second] = await t.ctx.database.db
      .select({ id: accounts.id })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(eq(users.username, 'manager'))
      .orderBy(accounts.id);
    return { ...(await signedIn('manager', second!.id)), name: 'manager as Kestrel Bay', elsewhere: true };
  }

  it('has an entry for every endpoint of the table, and an endpoint for every entry', () => {
    const table = tableKeys();
    const matrix = matrixKeys();
    expect(
      [...table.keys()].filter((k) => !matrix.has(k)),
      'endpoints without a matrix entry',
    ).toEqual([]);
    expect(
      [...matrix.keys()].filter((k) => !table.has(k)),
      'matrix entries without an endpoint',
    ).toEqual([]);
    for (const [key, entry] of matrix)
      if (entry.credential === 'public') expect(entry.publicBecause, `${key}: why public`).toBeTruthy();
  });

  it('answers every route × caller × tenant as its gate says, and no refused answer holds data', async () => {
    const table = tableKeys();
    const rows: Row[] = [...matrixKeys()]
      .filter(([key]) => table.has(key))
      .map(([key, entry]) => ({ key, entry, endpoint: table.get(key)! }))
      // Sign-out ends the caller's session: last.
      .sort((a, b) => Number(a.entry.endsSession ?? false) - Number(b.entry.endsSession ?? false));
    const failures: string[] = [];
    const n = { checks: 0, leaks: 0, writesSeen: 0, csrf: 0, namesSeen: 0 };
    /** Issue 41: the answers the caller without permissions got, and the patient identifiers in them. */
    const bare = { answers: 0, identifiers: 0 };
    const leak = (text: string) => {
      failures.push(text);
      n.leaks++;
    };
    const manager = callers.find((c) => c.name === 'manager')!;

    /**
     * A POST that rides on the browser's cookies, sent without the CSRF token (or, the Word
     * client's form, from another site): 403 even for the manager, and nothing changes.
     */
    async function withoutCsrf(row: Row) {
      if (row.entry.credential !== 'session' && row.entry.credential !== 'public') return;
      const scene = { caller: manager, t: own, own, foreign: false };
      const call = await row.entry.call({ ...scene, send: (one) => send(manager, one, true) });
      if (call.method !== 'POST') return;
      const before = await fingerprint();
      const res = await send(manager, call, true, false);
      n.checks++;
      n.csrf++;
      const where = `${row.key} POST ${call.url.slice(0, 90)} as manager without the CSRF token`;
      if (res.statusCode !== 403 || res.json().error?.code !== 'csrf')
        failures.push(`${where}: ${res.statusCode} (due 403 csrf) ${shown(res)}`);
      if (JSON.stringify(await fingerprint()) !== JSON.stringify(before))
        leak(`${where}: refused, but changed stored data`);
    }

    /** One call of the row as the caller, with the demo tenant's ids or (`foreign`) the other's. */
    async function check(row: Row, c: Caller, foreign: boolean) {
      const send1 = (call: MatrixCall) => send(c, call, true);
      const call = await row.entry.call({ caller: c, t: foreign ? other : own, own, foreign, send: send1 });
      const write = call.method === 'POST';
      const before = write ? await fingerprint() : null;
      const res = await send(
        c,
        call,
        row.entry.credential === 'session' || row.entry.credential === 'public',
      );
      n.checks++;
      // For a caller working in another company, the demo tenant's ids are another tenant's too.
      const outside =
        foreign || (c.elsewhere === true && row.entry.tenantIds !== false && !row.entry.callerIds);
      const due = expected(row, c, outside, !foreign);
      const where = `${row.key} ${call.method} ${call.url.slice(0, 90)} as ${c.name}${foreign ? ' with another tenant’s ids' : ''}`;
      const refused = res.statusCode >= 400;
      if (!due.includes(res.statusCode)) {
        if (!refused && due.every((status) => status >= 400))
          leak(`${where}: ${res.statusCode} (due ${due.join('/')}) ${shown(res)}`);
        else failures.push(`${where}: ${res.statusCode} (due ${due.join('/')}) ${shown(res)}`);
      }
      const json = /json/.test(String(res.headers['content-type']));
      if (!refused && !outside && json && ownPatientNames.some((name) => res.body.includes(name))) {
        if (seesPatients(c)) n.namesSeen++;
        else leak(`${where}: shows the patient’s name without a patient-name permission`);
      }
      // Issue 41: the account without permissions sees no patient identifier — name, MRN or birth
      // date of any of the tenant's jobs — in any answer or export (an XLSX read unpacked).
      if (c.name === NO_PERMISSIONS && !refused) await noIdentifiers(where, res);
      const secrets =
        refused && !permits(row.entry, c)
          ? [...OTHER_SECRETS, ...ownSecrets]
          : outside
            ? [...OTHER_SECRETS, ...(c.elsewhere ? ownSecrets : [])]
            : refused
              ? OTHER_SECRETS
              : [];
      if (refused && !isErrorAnswer(res))
        failures.push(`${where}: the ${res.statusCode} answer is not the error shape ${shown(res)}`);
      const found = secrets.filter((secret) => res.body.includes(secret));
      if (found.length) leak(`${where}: the ${res.statusCode} answer shows ${found.join(', ')}`);
      if (write) {
        const changed = JSON.stringify(await fingerprint()) !== JSON.stringify(before);
        if (changed && refused) leak(`${where}: refused with ${res.statusCode}, but changed stored data`);
        if (changed && !refused) n.writesSeen++;
      }
    }

    /**
     * Issue 41: beyond the table's one call per route, every list of all the tenant's jobs in both
     * formats, and the export of every queue with every column, searched and sorted by the MRN.
     */
    async function allListsOf(c: Caller) {
      const lists = `corpId=${own.corpId}&cfs=${ownFacilities}`;
      const columns = 'columns=patientName,patientMRN,filterJobId,dictatorName';
      const urls = [
        ...['', '&format=binary'].flatMap((format) => [
          `/api/jobs/alljobs?${lists}${format}`,
          `/api/jobs/dist?status=PENDING&${lists}${format}`,
          `/api/jobs/dist?status=FAILED&${lists}${format}`,
        ]),
        ...['all', 'pending', 'failed'].map((queue) => `/api/file/JobList/${own.corpId}/${queue}?${columns}`),
        `/api/file/JobList/${own.corpId}/all?${columns}&sort=patientMRN&group=patientName&search=0`,
        `/api/jobs/search?from=2000-01-01&cs=${own.corpId}&pageSize=100`,
      ];
      for (const url of urls) {
        const res = await send(c, { method: 'GET', url }, true);
        const where = `GET ${url} as ${c.name}`;
        if (res.statusCode !== 200) failures.push(`${where}: ${res.statusCode} (due 200) ${shown(res)}`);
        else await noIdentifiers(where, res);
      }
    }

    /** Issue 41: counts the answer of the caller without permissions and the identifiers in it. */
    async function noIdentifiers(where: string, res: { rawPayload: Buffer }) {
      const text = await answerText(res);
      const found = identifiers.filter((id) => text.includes(id));
      bare.answers++;
      bare.identifiers += found.length;
      if (found.length) leak(`${where}: shows ${found.length} patient identifiers without a permission`);
    }

    for (const row of rows) await withoutCsrf(row);
    // Caller by caller (a later sign-in of the same user ends the earlier session).
    const all = [...callers.map((c) => async () => c), kestrelBay];
    for (const next of all) {
      const c = await next();
      if (c.name === NO_PERMISSIONS) await allListsOf(c);
      for (const row of rows)
        for (const foreign of row.entry.tenantIds === false || !c.signedIn ? [false] : [false, true])
          await check(row, c, foreign);
      // The sign-out ran last: the session is over.
      const after = await send(c, { method: 'GET', url: '/api/Account/GetUserSummaries' }, true);
      if (after.statusCode !== 401)
        failures.push(`${c.name} after signing out: ${after.statusCode}, due 401`);
    }
    console.log(
      `access matrix on ${target.name}: ${rows.length} routes × ${all.length} callers = ${n.checks} checks ` +
        `(${n.csrf} without the CSRF token; ${n.writesSeen} permitted writes seen), ${n.leaks} leaks`,
    );
    console.log(
      `access matrix on ${target.name}: the "no permissions" caller: ${bare.identifiers} patient identifiers ` +
        `(of ${identifiers.length}) in ${bare.answers} answers and exports`,
    );
    expect(failures).toEqual([]);
    expect(n.leaks).toBe(0);
    // The checks can see what they look for: permitted writes changed the fingerprint, and the
    // patient's name reached the callers that may see it.
    expect(n.writesSeen).toBeGreaterThan(10);
    expect(n.namesSeen).toBeGreaterThan(5);
    expect(bare.identifiers).toBe(0);
    // The "no permissions" caller reached the lists, the export and search (their identifiers
    // withheld, not refused).
    expect(bare.answers).toBeGreaterThan(3);
  }, 240_000);
});
