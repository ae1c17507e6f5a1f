import {
  AcceptAdtRequestSchema,
  AdtSearchRequestSchema,
  AdtSearchResultSchema,
  JobAdtSchema,
} from '../adt/adt.js';
import { type Endpoint, endpoint } from '../endpoint.js';
import { JobQuerySchema } from '../job.js';

const tags = ['adt'];

/** The job's patient, visit and order data (spec 02 §7 getadtdata, searchadt, Accept ADT). */
export const ADT = {
  /** The job's ADT, orders, order template and summary, and the facility's ADT searches. */
  jobAdt: endpoint({
    method: 'GET',
    path: '/api/job/getadtdata',
    tags,
    query: JobQuerySchema,
    answer: JobAdtSchema,
  }),
  /** Patients of the job's corporate structure matching the search, with their visits and orders. */
  search: endpoint({
    method: 'POST',
    path: '/api/job/searchadt',
    tags,
    body: AdtSearchRequestSchema,
    answer: AdtSearchResultSchema,
  }),
  /** Stores the chosen patient's, visit's and orders' values into the job and links it (path ours). */
  accept: endpoint({
    method: 'POST',
    path: '/api/job/acceptadt',
    tags,
    body: AcceptAdtRequestSchema,
    answer: JobAdtSchema,
  }),
} as const satisfies Record<string, Endpoint>;
