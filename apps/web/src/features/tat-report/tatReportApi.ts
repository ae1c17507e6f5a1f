import { REPORTS } from '@quill/core/contract/endpoints/reports';
import type { ReportFacilities } from '@quill/core/contract/reports';
import { type ApiFile, apiFile, callApi, urlFor } from '../../lib/api';

/** The facilities the report may cover (issue 27). */
export const loadReportFacilities = (signal?: AbortSignal): Promise<ReportFacilities> =>
  callApi(REPORTS.facilities, {}, { signal });

/** The turnaround report of one facility and range of days, as an Excel file. */
export const downloadTatReport = (query: { cf: number; from: string; to: string }): Promise<ApiFile> =>
  apiFile(urlFor(REPORTS.tatExport, { query }));
