import { type Endpoint, endpoint } from '../endpoint.js';
import { ReportFacilitiesSchema, TatReportQuerySchema, XLSX_MEDIA_TYPE } from '../reports.js';

/** Reports for managers (issue 27). */
export const REPORTS = {
  /** The client facilities the turnaround report may cover: those of the account's structures (dictatorAdd). */
  facilities: endpoint({
    method: 'GET',
    path: '/api/reports/facilities',
    tags: ['reports'],
    answer: ReportFacilitiesSchema,
  }),
  /**
   * The turnaround report of a client facility as an Excel file (dictatorAdd; another company's
   * facility is 404): per work type and transcriptionist, no patient data. Audited.
   */
  tatExport: endpoint({
    method: 'GET',
    path: '/api/reports/tat.xlsx',
    tags: ['reports'],
    summary: 'Turnaround per work type and transcriptionist of one facility, as an Excel file',
    query: TatReportQuerySchema,
    produces: [XLSX_MEDIA_TYPE],
  }),
} satisfies Record<string, Endpoint>;
