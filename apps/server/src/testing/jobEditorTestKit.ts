import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { AppContext } from '../context.js';
import {
  adtDefinitions,
  departments,
  holdQueueRules,
  locations,
  physicians,
  recipients,
  workTypes,
} from '../db/schema/index.js';
import type { DatabaseTarget } from './databases.js';
import { buildJob, buildPatient, buildStructure, buildUser } from './factories.js';
import { addCdaDocument } from './faxTestKit.js';
import { TestBrowser } from './processes/browser.js';
import { createTestApp, type TestApp } from './testContext.js';

type Ctx = Pick<AppContext, 'database' | 'blobs'>;

/** The hold-queue rules every test facility gets (the demo's kinds and codes). */
export const TEST_RULES = [
  { code: 'HQ01', kind: 'missingMandatoryAdt', description: 'Mandatory patient demographics are missing' },
  {
    code: 'HQ02',
    kind: 'addresseeCount',
    description: 'Number of addressees is outside the work type limits',
  },
  { code: 'HQ03', kind: 'noDictator', description: 'No dictator is assigned to the job' },
  { code: 'HQ04', kind: 'emptySection', description: 'The document contains an empty section' },
  {
    code: 'HQ05',
    kind: 'patientNameMismatch',
    description: 'Patient name in the document does not match the ADT data',
  },
];

/**
 * A structure with one facility set up for editing (work types, departments, locations, physicians,
 * a mandatory ADT field, the five rules) and a second tenant; `makeJob` adds a CDA job whose patient
 * matches Progress_Note.xml (Adam Everyman) with a dictator and one fax addressee.
 */
export async function buildEditorWorld(ctx: Ctx) {
  const north = await buildStructure(ctx, { name: 'North' });
  const south = await buildStructure(ctx, { name: 'South' });
  const cf = north.facilities[0]!;
  const db = ctx.database.db;
  const [wt, noAddr] = await db
    .insert(workTypes)
    .values([
      {
        corporateStructureId: north.structure.id,
        clientFacilityId: cf.id,
        name: 'Progress Note',
        number: 11,
        minAddressees: 1,
        maxAddressees: 2,
      },
      {
        corporateStructureId: north.structure.id,
        clientFacilityId: cf.id,
        name: 'Letter',
        number: 12,
        enableAddressee: false,
        allowPatientAsRecipient: false,
      },
    ])
    .returning();
  const [southWt] = await db
    .insert(workTypes)
    .values({
      corporateStructureId: south.structure.id,
      clientFacilityId: south.facilities[0]!.id,
      name: 'South WT',
      number: 1,
    })
    .returning();
  const [dep] = await db
    .insert(departments)
    .values({ clientFacilityId: cf.id, name: 'Cardiology' })
    .returning();
  const [loc] = await db
    .insert(locations)
    .values({ clientFacilityId: cf.id, code: 'W1', name: 'Ward 1' })
    .returning();
  const docs = await db
    .insert(physicians)
    .values([
      {
        corporateStructureId: north.structure.id,
        clientFacilityId: cf.id,
        firstName: 'Gregory',
        lastName: 'House',
        accessCode: 'GH1',
        specialty: 'Diagnostics',
        isDictator: true,
        fax: '2015550100',
      },
      {
        corporateStructureId: north.structure.id,
        firstName: 'Lisa',
        lastName: 'Cuddy',
        accessCode: 'LC1',
        specialty: 'Endocrinology',
        isDictator: true,
      },
      {
        corporateStructureId: north.structure.id,
        clientFacilityId: cf.id,
        firstName: 'James',
        lastName: 'Wilson',
        accessCode: 'JW1',
        specialty: 'Oncology',
      },
    ])
    .returning();
  const [southDoc] = await db
    .insert(physicians)
    .values({
      corporateStructureId: south.structure.id,
      firstName: 'Hidden',
      lastName: 'Housemate',
      accessCode: 'S1',
    })
    .returning();
  await db.insert(adtDefinitions).values({
    corporateStructureId: north.structure.id,
    clientFacilityId: cf.id,
    columnHeading: 'MRN',
    displayName: 'MRN',
    segmentName: 'PID',
    segmentType: 0,
    fieldIndex: 3,
    componentIndex: 1,
    dataType: 4,
    mandatory: true,
  });
  await db
    .insert(holdQueueRules)
    .values(TEST_RULES.map((r) => ({ clientFacilityId: cf.id, ...r, params: {} })));
  const patient = await buildPatient(ctx, north.structure.id, { first: 'Adam', last: 'Everyman' });
  const tag = Math.random().toString(36).slice(2, 8);
  const editors = [
    await buildUser(ctx, { username: `editor-a-${tag}`, accounts: [{ companyId: north.structure.id }] }),
    await buildUser(ctx, { username: `editor-b-${tag}`, accounts: [{ companyId: north.structure.id }] }),
  ];

  async function makeJob(
    values: Parameters<typeof buildJob>[2] = {},
    fixture: string | null = 'Progress_Note.xml',
  ) {
    const job = await buildJob(ctx, cf, {
      stageId: 3,
      componentType: 'TR',
      patientId: patient.id,
      dictatorId: docs[0]!.id,
      workTypeId: wt!.id,
      signed: true,
      documentType: fixture ? 'CDA' : null,
      ...values,
    });
    await db
      .insert(recipients)
      .values({ jobId: job.id, physicianId: docs[0]!.id, isAddressee: true, distributionMethod: 'fax' });
    if (fixture) await addCdaDocument(ctx, job.id, fixture);
    return job;
  }

  async function browser(app: FastifyInstance, account: 0 | 1) {
    const b = new TestBrowser(app);
    const u = editors[account]!;
    await b.signInAs(u.user.username, u.password, u.accounts[0]!.id);
    return b;
  }

  return {
    north,
    south,
    cf,
    wt: wt!,
    noAddr: noAddr!,
    southWt: southWt!,
    dep: dep!,
    loc: loc!,
    docs,
    southDoc: southDoc!,
    patient,
    editors,
    makeJob,
    browser,
  };
}

/** The job data of a stored job as getjobdata answers it, ready to post back. */
export function jobDataBody(data: Record<string, unknown>) {
  const {
    stageId,
    companyId,
    componentType,
    isPreTranscription,
    version,
    workType,
    holdQueueFlags,
    recipients,
    ...rest
  } = data;
  void [stageId, companyId, componentType, isPreTranscription, version, workType, holdQueueFlags, recipients];
  return rest as Record<string, unknown> & { jobId: number };
}

/** What an editor suite's tests get: the app, the editor world and its first editor's browser. */
export interface EditorSuite {
  t: TestApp;
  w: Awaited<ReturnType<typeof buildEditorWorld>>;
  ed: TestBrowser;
}

/**
 * An editor test suite on `target`: registers the suite's beforeAll (a test app, the editor world,
 * the first editor signed in) and afterAll (close); the fields are there once the tests run.
 */
export function editorSuite(target: DatabaseTarget): EditorSuite {
  const suite = {} as EditorSuite;
  beforeAll(async () => {
    suite.t = await createTestApp(target);
    suite.w = await buildEditorWorld(suite.t.ctx);
    suite.ed = await suite.w.browser(suite.t.app, 0);
  }, 120_000);
  afterAll(async () => suite.t?.close());
  return suite;
}
