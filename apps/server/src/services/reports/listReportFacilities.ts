import type { ReportFacilities } from '@quill/core';
import type { AppContext } from '../../context.js';
import type { Auth } from '../auth/auth.js';
import { listReferenceFacilities } from '../referenceData/listReferenceFacilities.js';

/**
 * GET /api/reports/facilities (dictatorAdd): the client facilities the turnaround report may cover
 * — those of the account's structures, as the Reference data page lists them.
 */
export async function listReportFacilities(ctx: AppContext, auth: Auth): Promise<ReportFacilities> {
  return (await listReferenceFacilities(ctx, auth)).facilities;
}
