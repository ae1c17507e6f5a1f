import { endpoint } from '../endpoint.js';
import {
  ContactListSchema,
  DictatorsQuerySchema,
  DictatorsResultSchema,
  FaxRequestSchema,
  FaxResultSchema,
} from '../fax.js';
import { JobIdQuerySchema } from '../jobList.js';

const tags = ['fax'];

/** Faxing jobs (spec 01 §6 Fax). */
export const FAX = {
  /** Spec 01 §7 "Jobs and list": a job's own recipients (its contacts and the patient). */
  contacts: endpoint({
    method: 'GET',
    path: '/api/jobs/getContactListForJob',
    tags,
    query: JobIdQuerySchema,
    answer: ContactListSchema,
  }),
  /** Spec 01 §7 "Jobs and list": the fax recipient search of a corporate structure. */
  searchRecipients: endpoint({
    method: 'GET',
    path: '/api/jobs/Dictators',
    tags,
    query: DictatorsQuerySchema,
    answer: DictatorsResultSchema,
  }),
  /** Spec 01 §7 "Jobs and list": queues a fax of the jobs to the recipients. */
  fax: endpoint({
    method: 'POST',
    path: '/api/jobs/Fax',
    tags,
    body: FaxRequestSchema,
    answer: FaxResultSchema,
  }),
};
