import { type Endpoint, endpoint } from '../endpoint.js';
import {
  CompaniesSchema,
  CompanySearchParamsSchema,
  RecentUploadsSchema,
  RevertUploadResponseSchema,
  SubmitHeadingsRequestSchema,
  SubmitHeadingsResponseSchema,
  UploadEffectSchema,
  UploadPreviewSchema,
  UploadStatusParamsSchema,
  UploadStatusSchema,
  ValidateHeadingsFieldsSchema,
  ValidateHeadingsResponseSchema,
} from '../schedule.js';

/** The mapping of the uploaded file's headings, for a schedule or for patient (ADT) data. */
const submitHeadings = <const P extends string>(path: P) =>
  endpoint({
    method: 'POST',
    path,
    tags: ['schedule'],
    body: SubmitHeadingsRequestSchema,
    answer: SubmitHeadingsResponseSchema,
  });

/** Schedule and patient-data uploads with heading mapping (spec 02 §2 "Schedule Upload page", §4, §7). */
export const SCHEDULE = {
  /** Spec 02 §3 "Company": the client facilities matching a name or id (schedule and ADT uploads). */
  companySearch: endpoint({
    method: 'POST',
    path: '/api/company/searchbynameorid/{text}',
    tags: ['schedule'],
    params: CompanySearchParamsSchema,
    answer: CompaniesSchema,
  }),
  /** Spec 02 §4: the uploaded file's headings and sample (multipart: ValidateHeadingsFieldsSchema + file). */
  validateHeadings: endpoint({
    method: 'POST',
    path: '/api/schedule/validateheadings',
    tags: ['schedule'],
    consumes: 'multipart/form-data',
    fields: ValidateHeadingsFieldsSchema,
    answer: ValidateHeadingsResponseSchema,
  }),
  /** Spec 02 §4: submits a schedule upload's mapping; answers errors, warnings and the queued upload. */
  submitScheduleHeadings: submitHeadings('/api/schedule/SubmitScheduleHeadings'),
  /** Spec 02 §4: submits a patient-data (ADT) upload's mapping, as for a schedule. */
  submitAdtHeadings: submitHeadings('/api/schedule/SubmitADTHeadings'),
  /** Spec 02 §2 step 3: the processing state of a submitted upload. */
  status: endpoint({
    method: 'GET',
    path: '/api/schedule/status/{uploadId}',
    tags: ['schedule'],
    params: UploadStatusParamsSchema,
    answer: UploadStatusSchema,
  }),
  /** Issue 18: the latest uploads of the account's corporate structures. */
  recentUploads: endpoint({
    method: 'GET',
    path: '/api/schedule/uploads',
    tags: ['schedule'],
    answer: RecentUploadsSchema,
  }),
  /** Issue 18: what a processed upload changed. */
  uploadEffect: endpoint({
    method: 'GET',
    path: '/api/schedule/uploads/{uploadId}/effect',
    tags: ['schedule'],
    params: UploadStatusParamsSchema,
    answer: UploadEffectSchema,
  }),
  /** Issue 39: what a submitted upload would change; nothing is applied before the confirm. */
  uploadPreview: endpoint({
    method: 'GET',
    path: '/api/schedule/uploads/{uploadId}/preview',
    tags: ['schedule'],
    params: UploadStatusParamsSchema,
    answer: UploadPreviewSchema,
  }),
  /** Issue 39: applies a previewed upload (re-checked: a job final since the preview is not changed). */
  confirmUpload: endpoint({
    method: 'POST',
    path: '/api/schedule/uploads/{uploadId}/confirm',
    tags: ['schedule'],
    params: UploadStatusParamsSchema,
    answer: UploadStatusSchema,
  }),
  /** Issue 39: discards a previewed upload; nothing is applied. */
  cancelUpload: endpoint({
    method: 'POST',
    path: '/api/schedule/uploads/{uploadId}/cancel',
    tags: ['schedule'],
    params: UploadStatusParamsSchema,
    answer: UploadStatusSchema,
  }),
  /** Issue 18: puts back what an upload changed (a manager; 409 when it cannot be reverted). */
  revertUpload: endpoint({
    method: 'POST',
    path: '/api/schedule/uploads/{uploadId}/revert',
    tags: ['schedule'],
    params: UploadStatusParamsSchema,
    answer: RevertUploadResponseSchema,
  }),
} satisfies Record<string, Endpoint>;
