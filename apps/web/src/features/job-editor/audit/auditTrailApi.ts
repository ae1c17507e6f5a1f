import { AUDIT } from '@quill/core/contract/endpoints/audit';
import { urlFor } from '../../../lib/api';
import { callJobApi } from '../jobApi';

/** One page of the job's audit trail, newest first. */
export const fetchAuditTrail = (jobId: number, page: number, signal?: AbortSignal) =>
  callJobApi(AUDIT.jobTrail, { query: { jobId, page } }, signal);

/** The CSV export of the job's trail, opened by navigation (the browser downloads it). */
export const auditTrailExportUrl = (jobId: number) => urlFor(AUDIT.jobTrailExport, { params: { jobId } });
