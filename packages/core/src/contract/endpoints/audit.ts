import { AuditTrailExportParamsSchema, AuditTrailQuerySchema, AuditTrailSchema } from '../audit.js';
import { endpoint } from '../endpoint.js';

const tags = ['audit'];

/** The audit trail of a job (issue 23): read in the job view, exported as CSV. */
export const AUDIT = {
  /** One page of the job's trail, newest first. */
  jobTrail: endpoint({
    method: 'GET',
    path: '/api/job/audittrail',
    tags,
    query: AuditTrailQuerySchema,
    answer: AuditTrailSchema,
  }),
  /** The job's whole trail (newest first, up to AUDIT_TRAIL.exportMaxRows rows) as a CSV file. */
  jobTrailExport: endpoint({
    method: 'GET',
    path: '/api/file/AuditTrail/{jobId}',
    tags,
    params: AuditTrailExportParamsSchema,
    produces: ['text/csv'],
  }),
};
