import { z } from 'zod';
import { message } from '../i18n/format.js';
import { TAT_RANGE_VALUES, tatRangeProblem } from '../rules/reports/tatReport.js';
import { plainText } from './documents/text.js';
import { queryId } from './ids.js';
import { ReferenceFacilitySchema } from './referenceData.js';

/** The media type of the reports' Excel files. */
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * GET /api/reports/tat.xlsx (issue 27): the turnaround report of one client facility (`cf`) over the
 * jobs dictated on the days `from` to `to` ('YYYY-MM-DD', the facility's clock), at most 366 days
 * (rules/reports/tatReport.ts; 400 with the catalogue's message otherwise).
 */
export const TatReportQuerySchema = z
  .object({
    cf: queryId('cf'),
    from: plainText('from', { max: 10 }).trim(),
    to: plainText('to', { max: 10 }).trim(),
  })
  .superRefine((q, ctx) => {
    const problem = tatRangeProblem(q.from, q.to);
    if (problem)
      ctx.addIssue({
        code: 'custom',
        message: message(problem, TAT_RANGE_VALUES),
        path: [problem === 'transcribe.productivity.report.dateRequired' ? 'from' : 'to'],
      });
  });
export type TatReportQuery = z.infer<typeof TatReportQuerySchema>;

/** GET /api/reports/facilities: the facilities of the account's structures, by structure and name. */
export const ReportFacilitiesSchema = z.array(ReferenceFacilitySchema);
export type ReportFacilities = z.infer<typeof ReportFacilitiesSchema>;
