import { allEndpoints, ENDPOINTS } from '@quill/core';
import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/index.js';
import { databaseTargets } from '../testing/databases.js';
import { buildJob, buildPatient } from '../testing/factories.js';
import { buildEditorWorld, jobDataBody } from '../testing/jobEditorTestKit.js';
import { TestBrowser } from '../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../testing/testContext.js';

/** One tenant's records a call names: a job, its structure and facility. */
interface Side {
  jobId: number;
  csId: number;
  cfId: number;
  /** A live booking of the job by the calling account (own side only; a stand-in otherwise). */
  cookie: string;
  /** The job's data as getjobdata answers it, ready to post back. */
  data: Record<string, unknown>;
}
type Call = { method: 'GET' | 'POST'; url: string; body?: unknown };

/**
 * Every call of the endpoint table that reads or writes patient data (a job, its document, audio,
 * ADT, recipients; lists and exports of jobs; patient uploads), with a request for one tenant's
 * records. A new patient call must be added here: the test below fails on a call in neither list.
 * Each is proven to write an audit row when it succeeds, is refused (403) and names another
 * tenant's record (404).
 */
const PATIENT_CALLS: Record<string, (s: Side) => Call> = {
  'adt.jobAdt': (s) => get(`/api/job/getadtdata?jobId=${s.jobId}`),
  'audit.jobTrail': (s) => get(`/api/job/audittrail?jobId=${s.jobId}`),
  'audit.jobTrailExport': (s) => get(`/api/file/AuditTrail/${s.jobId}`),
  'audio.options': (s) => get(`/api/job/audiooptions?jobId=${s.jobId}`),
  'audio.played': (s) => post(`/api/job/audioplayed?jobId=${s.jobId}`),
  'documents.download': (s) => get(`/api/file/download/${s.jobId}.pdf`),
  'documents.downloadRtf': (s) => get(`/api/file/downloadrtf?jobIds=${s.jobId}`),
  'documents.formatMultiple': (s) => get(`/api/file/FormatMultiplePdfJobs/0/false/false?jobIds=${s.jobId}`),
  'documents.bulkDownload': (s) => get(`/api/file/BulkDownload?jobIds=${s.jobId}&format=pdf`),
  'delivery.list': (s) => get(`/api/jobs/deliveries?jobId=${s.jobId}`),
  'delivery.retry': (s) => post('/api/jobs/deliveries/retry', { jobIds: [s.jobId] }),
  'fax.contacts': (s) => get(`/api/jobs/getContactListForJob?jobId=${s.jobId}`),
  'jobEditor.details': (s) => get(`/api/job/GetJobDetails?jobId=${s.jobId}`),
  'jobEditor.availability': (s) => get(`/api/job/GetDocumentAvailability?jobId=${s.jobId}`),
  'jobEditor.documentPatient': (s) => get(`/api/job/GetDocumentPatient?jobId=${s.jobId}`),
  'jobEditor.cda': (s) => get(`/api/job/getcda?jobId=${s.jobId}`),
  'jobEditor.jobData': (s) => get(`/api/job/getjobdata?jobId=${s.jobId}`),
  'jobEditor.version': (s) => get(`/api/job/getjobversion?jobId=${s.jobId}`),
  'jobEditor.departments': (s) => get(`/api/job/getDepartmentsByJobId/${s.jobId}`),
  'jobEditor.locations': (s) => get(`/api/job/getLocationsByJobId/${s.jobId}`),
  'jobEditor.bookOut': (s) => post('/api/job/bookoutjob', { jobId: s.jobId }),
  'jobEditor.extendBooking': (s) =>
    post('/api/job/extendbooking', { jobId: s.jobId, bookingCookie: s.cookie }),
  'jobEditor.cancelBooking': (s) =>
    post(`/api/job/cancelbooking?jobId=${s.jobId}&bookingCookie=${encodeURIComponent(s.cookie)}`),
  'jobEditor.save': (s) =>
    post('/api/job/savejob', {
      jobId: s.jobId,
      version: 1,
      bookingCookie: s.cookie,
      saveMode: 0,
      setJobDataRequest: s.data,
    }),
  'jobEditor.setJobData': (s) => post('/api/job/setjobdata', { bookingCookie: s.cookie, jobData: s.data }),
  'jobEditor.refreshJobData': (s) => post('/api/job/RefreshJobData', { ...s.data, jobId: s.jobId }),
  'jobEditor.holdQueueCheck': (s) => post('/api/job/RunHoldQueueCheck', { jobId: s.jobId }),
  'jobList.allJobs': (s) => get(`/api/jobs/alljobs?corpId=${s.csId}&cfs=${s.cfId}`),
  'jobList.holdQueue': (s) => get(`/api/jobs/him?corpId=${s.csId}&cfs=${s.cfId}`),
  'jobList.distribution': (s) => get(`/api/jobs/dist?corpId=${s.csId}&cfs=${s.cfId}&status=PENDING`),
  'jobList.details': (s) => get(`/api/jobs/jobdetails?jobId=${s.jobId}`),
  'jobList.exportJobList': (s) => get(`/api/file/JobList/${s.csId}/all`),
  'jobList.printed': (s) => post('/api/jobs/printed', { jobIds: [s.jobId], copiesType: 0 }),
  'signing.signatures': (s) => get(`/api/signing/signatures?jobId=${s.jobId}`),
};

/**
 * Patient calls whose three outcomes need a scene of their own (an upload, a Word document, the
 * attachments or WOPI credential); the test file named proves their audit rows.
 */
const PATIENT_CALLS_PROVEN_ELSEWHERE: Record<string, string> = {
  // Needs an audio-only job: success, refusal and another tenant's job are audited there.
  'jobEditor.transcribe': 'routes/jobEditor/transcribe.int.test.ts',
  'adt.accept': 'routes/adt/acceptAdt.int.test.ts',
  'adt.search': 'routes/adt/adtSearch.int.test.ts',
  'attachments.search': 'routes/attachments/attachments.int.test.ts',
  'attachments.download': 'routes/attachments/attachments.int.test.ts',
  'attachments.importAttachment': 'routes/attachments/attachmentImport.int.test.ts',
  'audio.stream': 'routes/audio/audioStream.int.test.ts',
  'word.auth': 'routes/wopi/wordAuth.int.test.ts',
  'audio.createWithAudio': 'routes/audio/createWithAudio.int.test.ts',
  'documents.importDocument': 'routes/documents/importDocument.int.test.ts',
  // Needs a failed delivery: success, refusal and another tenant's job are audited there.
  'delivery.redirect': 'routes/delivery/delivery.int.test.ts',
  'fax.fax': 'routes/fax/faxJobs.int.test.ts',
  'jobEditor.saveCda': 'routes/jobEditor/jobEditor.int.test.ts',
  'jobEditor.savePhysician': 'routes/jobEditor/physicians.int.test.ts',
  'jobList.search': 'routes/jobList/jobSearch.int.test.ts',
  'jobList.completeJobs': 'routes/jobList/jobActions.int.test.ts',
  'schedule.validateHeadings': 'routes/schedule (schedule upload tests)',
  'schedule.submitScheduleHeadings': 'routes/schedule (schedule upload tests)',
  'schedule.submitAdtHeadings': 'routes/schedule (schedule upload tests)',
  'schedule.uploadEffect': 'routes/schedule (schedule upload tests)',
  'schedule.revertUpload': 'routes/schedule (schedule upload tests)',
  // Issue 39: the preview shows patients' values before and after; confirm applies them.
  'schedule.uploadPreview': 'routes/schedule/scheduleRevert.int.test.ts',
  'schedule.confirmUpload': 'routes/schedule/scheduleRevert.int.test.ts',
  'schedule.cancelUpload': 'routes/schedule/scheduleRevert.int.test.ts',
  'wopi.checkFileInfo': 'routes/wopi/wopiHost.int.test.ts',
  'wopi.fileOperation': 'routes/wopi/wopiHost.int.test.ts',
  'wopi.getFile': 'routes/wopi/wopiHost.int.test.ts',
  'wopi.putFile': 'routes/wopi/wopiHost.int.test.ts',
  'word.saveWordDocument': 'routes/wopi/saveWordDocument.int.test.ts',
  // Issue 43: a job waiting in ES for the caller's own physician, and the password asked again.
  'signing.queue': 'routes/signing/signingAudit.int.test.ts',
  'signing.sign': 'routes/signing/signingAudit.int.test.ts',
  'signing.returnForCorrection': 'routes/signing/signingAudit.int.test.ts',
  // Issue 43: needs a Finished, signed and distributed job.
  'jobEditor.addendum': 'routes/signing/addendum.int.test.ts',
  // Issue 44: a logged HL7 message (its bytes carry patient data).
  'interfaces.message': 'interop/messages/interfaceMessages.int.test.ts',
  'interfaces.resend': 'interop/messages/interfaceMessages.int.test.ts',
  'interfaces.markHandled': 'interop/messages/interfaceMessages.int.test.ts',
};

/** Calls that touch no patient data: sign-in, settings, organisation, physicians, counts, pages. */
const NOT_PATIENT_CALLS = [
  'account.authenticated',
  'account.login',
  'account.scheme',
  'account.oidcCallback',
  'account.userSummaries',
  'account.setUserSummary',
  'account.signOut',
  'account.userSettings',
  'account.fftmUrl',
  'account.applicationSettings',
  'account.tenantUrl',
  'account.documentationLink',
  'account.heartbeatIdle',
  'account.heartbeatActive',
  'attachments.credentials',
  'profile.profile',
  'profile.saveDetails',
  'profile.changePassword',
  'profile.endOtherSessions',
  'users.search',
  'users.grantable',
  'users.user',
  'users.create',
  'users.save',
  'users.disable',
  'users.enable',
  'users.passwordLink',
  'users.passwordLinkInfo',
  'users.setPassword',
  'reference.facilities',
  // Issue 27: counts and times per work type and staff account, audited as report.tat.export
  // (routes/reports/tatReport.int.test.ts), and the caller's own figures.
  'reports.facilities',
  'reports.tatExport',
  'productivity.me',
  // facilityLists (issue 26)
  'facilityLists.workTypes',
  'facilityLists.addWorkType',
  'facilityLists.saveWorkType',
  'facilityLists.deleteWorkType',
  'facilityLists.workTypeTemplate',
  'facilityLists.saveWorkTypeTemplate',
  'facilityLists.deleteWorkTypeTemplate',
  'facilityLists.departments',
  'facilityLists.addDepartment',
  'facilityLists.saveDepartment',
  'facilityLists.deleteDepartment',
  'facilityLists.locations',
  'facilityLists.addLocation',
  'facilityLists.saveLocation',
  'facilityLists.deleteLocation',
  // physicianDirectory (issue 26)
  'physicianDirectory.search',
  'physicianDirectory.physician',
  'physicianDirectory.add',
  'physicianDirectory.save',
  'physicianDirectory.disable',
  'physicianDirectory.enable',
  'physicianDirectory.merge',
  'physicianDirectory.linkChoices',
  // adtSetup (issue 26)
  'adtSetup.holdQueueRules',
  'adtSetup.addHoldQueueRule',
  'adtSetup.saveHoldQueueRule',
  'adtSetup.setHoldQueueRuleEnabled',
  'adtSetup.deleteHoldQueueRule',
  'adtSetup.adtDefinitions',
  'adtSetup.addAdtDefinition',
  'adtSetup.saveAdtDefinition',
  'adtSetup.deleteAdtDefinition',
  'adtSetup.adtSearches',
  'adtSetup.addAdtSearch',
  'adtSetup.saveAdtSearch',
  'adtSetup.deleteAdtSearch',
  'audio.createFacilities',
  'audio.createChoices',
  'documents.downloadAs',
  'fax.searchRecipients',
  'health.results',
  'health.openApi',
  'jobEditor.canAccess',
  'jobEditor.workTypes',
  'jobEditor.searchPhysicians',
  'jobEditor.physician',
  'jobEditor.physicianById',
  'jobList.corporateStructures',
  'jobList.clientFacilities',
  'jobList.counts',
  'schedule.companySearch',
  // The To sign ticker: a count of the caller's own jobs, no patient data.
  'signing.count',
  // Issue 43: a redirect to the identity provider to sign in again.
  'signing.reauthenticate',
  // Issue 44: the message log's rows say what, when and how it went, never a patient value.
  'interfaces.list',
  'schedule.status',
  'schedule.recentUploads',
  'wordClient.open',
  'wordClient.reload',
];

function get(url: string): Call {
  return { method: 'GET', url };
}
function post(url: string, body?: unknown): Call {
  return { method: 'POST', url, body };
}
const send = (b: TestBrowser, c: Call) => (c.method === 'GET' ? b.get(c.url) : b.post(c.url, c.body));

describe('the endpoint table: every patient call is classified', () => {
  it('names each call of the table in exactly one list', () => {
    const named = Object.entries(ENDPOINTS).flatMap(([area, calls]) =>
      Object.keys(calls).map((n) => `${area}.${n}`),
    );
    expect(named.length).toBe(allEndpoints().length);
    const listed = [
      ...Object.keys(PATIENT_CALLS),
      ...Object.keys(PATIENT_CALLS_PROVEN_ELSEWHERE),
      ...NOT_PATIENT_CALLS,
    ];
    expect(listed.length).toBe(new Set(listed).size);
    expect(named.filter((n) => !listed.includes(n))).toEqual([]);
    expect(listed.filter((n) => !named.includes(n))).toEqual([]);
  });
});

describe.each(databaseTargets())(
  'every patient call is audited: success, denied, other tenant ($name)',
  (target) => {
    let t: TestApp;
    let w: Awaited<ReturnType<typeof buildEditorWorld>>;
    let ed: TestBrowser;
    let noAccount: TestBrowser;
    let other: Side;
    let counted = 0;

    beforeAll(async () => {
      t = await createTestApp(target);
      w = await buildEditorWorld(t.ctx);
      ed = await w.browser(t.app, 0);
      noAccount = new TestBrowser(t.app);
      await noAccount.signIn(w.editors[1]!.user.username, w.editors[1]!.password);
      const southCf = w.south.facilities[0]!;
      const southPatient = await buildPatient(t.ctx, w.south.structure.id);
      const southJob = await buildJob(t.ctx, southCf, { stageId: 3, patientId: southPatient.id });
      other = {
        jobId: southJob.id,
        csId: w.south.structure.id,
        cfId: southCf.id,
        cookie: 'x'.repeat(32),
        data: {},
      };
    }, 120_000);
    afterAll(async () => {
      await t?.close();
      console.info(
        `audit coverage (${target.name}): ${counted} patient calls × success, denied, other tenant`,
      );
    });

    /**
     * The rows the call wrote (rows of this user after the newest before it). A streamed answer (the
     * export) writes its row once the last byte is out, so the rows are read until `until` holds.
     */
    async function rowsOf(
      userId: number,
      call: () => Promise<{ statusCode: number; body: string }>,
      until: (rows: (typeof auditLog.$inferSelect)[]) => boolean = () => true,
    ) {
      const [last] = await t.ctx.database.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .orderBy(desc(auditLog.id))
        .limit(1);
      const res = await call();
      const read = () =>
        t.ctx.database.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.userId, userId), gt(auditLog.id, last?.id ?? 0)));
      let rows = await read();
      for (let i = 0; i < 40 && !until(rows); i++) {
        await new Promise((r) => setTimeout(r, 50));
        rows = await read();
      }
      return { res, rows };
    }

    it.each(Object.keys(PATIENT_CALLS))('%s', async (name) => {
      const job = await w.makeJob();
      const userId = w.editors[0]!.user.id;
      const book = async () =>
        (await ed.post('/api/job/bookoutjob', { jobId: job.id })).json().bookingCookie as string;
      const cookie = /extendBooking|cancelBooking|save|setJobData/.test(name) ? await book() : 'x'.repeat(32);
      const data = jobDataBody((await ed.get(`/api/job/getjobdata?jobId=${job.id}`)).json());
      const own: Side = { jobId: job.id, csId: w.north.structure.id, cfId: w.cf.id, cookie, data };
      const request = PATIENT_CALLS[name]!;

      const succeeded = (rows: (typeof auditLog.$inferSelect)[]) =>
        rows.some(
          (r) => r.outcome === 'success' && (r.jobId === job.id || r.corporateStructureId === own.csId),
        );
      const ok = await rowsOf(userId, () => send(ed, request(own)), succeeded);
      expect(ok.res.statusCode, ok.res.body).toBeLessThan(400);
      expect(succeeded(ok.rows)).toBe(true);

      const elsewhere = await rowsOf(userId, () =>
        send(ed, request({ ...other, data: { ...data, jobId: other.jobId } })),
      );
      expect(elsewhere.res.statusCode, elsewhere.res.body).toBe(404);
      expect(elsewhere.rows.map((r) => r.outcome)).toEqual(['notFound']);
      const [notFound] = elsewhere.rows;
      if (notFound!.jobId !== null)
        expect(notFound).toMatchObject({ jobId: other.jobId, corporateStructureId: other.csId });

      const refused = await rowsOf(w.editors[1]!.user.id, () => send(noAccount, request(own)));
      expect(refused.res.statusCode, refused.res.body).toBe(403);
      expect(refused.rows.map((r) => r.outcome)).toEqual(['denied']);
      counted++;
    });
  },
);
