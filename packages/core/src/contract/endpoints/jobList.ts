import {
  CompleteJobsBodySchema,
  CompleteJobsResultSchema,
  PrintedBodySchema,
  PrintedResultSchema,
} from '../documents/documents.js';
import { endpoint } from '../endpoint.js';
import {
  ClientFacilityIdsSchema,
  CorporateStructuresSchema,
  CsIdParamsSchema,
  DistRowsQuerySchema,
  ExportParamsSchema,
  ExportQuerySchema,
  JobCountsSchema,
  JobDetailsSchema,
  JobIdQuerySchema,
  JobListQuerySchema,
  JobListRowsSchema,
  JobRowsQuerySchema,
} from '../jobList.js';
import { JobSearchQuerySchema, JobSearchResultSchema } from '../jobSearch.js';

const tags = ['job list'];

/** The job list, its counts, details, export, search and bulk actions (spec 01 §2–§6). */
export const JOB_LIST = {
  /** Spec 01 §7 "Jobs and list": the corporate structures of the signed-in account. */
  corporateStructures: endpoint({
    method: 'GET',
    path: '/api/jobs/getusercs',
    tags,
    answer: CorporateStructuresSchema,
  }),
  /** Spec 01 §7 "Jobs and list": the client facility ids of a corporate structure. */
  clientFacilities: endpoint({
    method: 'GET',
    path: '/api/settings/cfs/{csId}',
    tags,
    params: CsIdParamsSchema,
    answer: ClientFacilityIdsSchema,
  }),
  /** Spec 01 §7 "Jobs and list": the four queues' counts for a batch of client facilities. */
  counts: endpoint({
    method: 'GET',
    path: '/api/jobs/getcounts',
    tags,
    query: JobListQuerySchema,
    answer: JobCountsSchema,
  }),
  /** Spec 01 §7 "Jobs and list": the rows of every job of a batch of client facilities (queue all). */
  allJobs: endpoint({
    method: 'GET',
    path: '/api/jobs/alljobs',
    tags,
    query: JobRowsQuerySchema,
    answer: JobListRowsSchema,
  }),
  /** Spec 01 §7 "Jobs and list": the hold queue's rows of a batch of client facilities. */
  holdQueue: endpoint({
    method: 'GET',
    path: '/api/jobs/him',
    tags,
    query: JobRowsQuerySchema,
    answer: JobListRowsSchema,
  }),
  /** Spec 01 §7 "Jobs and list": the pending or failed distribution rows of a batch of facilities. */
  distribution: endpoint({
    method: 'GET',
    path: '/api/jobs/dist',
    tags,
    query: DistRowsQuerySchema,
    answer: JobListRowsSchema,
  }),
  /** Spec 01 §7 "Jobs and list": an expanded row's details (distribution errors, faxes). */
  details: endpoint({
    method: 'GET',
    path: '/api/jobs/jobdetails',
    tags,
    query: JobIdQuerySchema,
    answer: JobDetailsSchema,
  }),
  /** Spec 01 §7 "Jobs and list": a queue of a corporate structure as an Excel file, by navigation. */
  exportJobList: endpoint({
    method: 'GET',
    path: '/api/file/JobList/{csId}/{queueName}',
    tags,
    params: ExportParamsSchema,
    query: ExportQuerySchema,
    produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  }),
  /** Job Search in Quill (docs/decisions.md): one page of the jobs matching the criteria. */
  search: endpoint({
    method: 'GET',
    path: '/api/jobs/search',
    tags,
    query: JobSearchQuerySchema,
    answer: JobSearchResultSchema,
  }),
  /** Spec 01 §4 "Mark as printed": records that the jobs' copies were printed. */
  printed: endpoint({
    method: 'POST',
    path: '/api/jobs/printed',
    tags,
    body: PrintedBodySchema,
    answer: PrintedResultSchema,
  }),
  /** Spec 01 §4 "Clear": takes the Finished ones of the jobs off the manual distribution list. */
  completeJobs: endpoint({
    method: 'POST',
    path: '/api/jobs/completejobs',
    tags,
    body: CompleteJobsBodySchema,
    answer: CompleteJobsResultSchema,
  }),
};
