import { z } from 'zod';
import { LIMITS, MAX_ID } from '../rules/settings/constants.js';
import { plainText } from './documents/text.js';
import { queryId, wholeNumberText } from './ids.js';
import { JobListRowSchema } from './jobList.js';

/** Longest name or MRN a search takes; the most pages one can reach. */
export const JOB_SEARCH_LIMITS = { textMax: 100, nameMin: 2, maxPage: 1000 } as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day as YYYY-MM-DD that exists (2026-02-30 does not). */
function isCalendarDay(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const optionalText = (name: string, min = 1) =>
  plainText(name)
    .trim()
    .max(JOB_SEARCH_LIMITS.textMax, `${name} may be at most ${JOB_SEARCH_LIMITS.textMax} characters`)
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= min, `${name} needs at least ${min} characters`);

const optionalDay = (name: string) =>
  plainText(name, { max: 40 })
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || isCalendarDay(v), `${name} must be a date as YYYY-MM-DD`);

/**
 * Job Search in Quill, used when no legacy host is configured (ENDPOINTS.jobList.search): any of
 * job id, patient (last name, or "Last, First", by prefix), MRN (exact), dictator (as patient) and
 * a range of dictation days; optionally one corporate structure (else every structure the account
 * may see); a page (from 1) of 10, 25, 50 or 100 jobs.
 */
export const JobSearchQuerySchema = z
  .object({
    jobId: plainText('Job ID', { max: 40 })
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .refine(
        (v) => v === undefined || (/^\d{1,10}$/.test(v) && Number(v) <= MAX_ID),
        `Job ID must be a whole number up to ${MAX_ID}`,
      )
      .transform((v) => (v === undefined ? undefined : Number(v))),
    patient: optionalText('Patient', JOB_SEARCH_LIMITS.nameMin),
    mrn: optionalText('MRN'),
    dictator: optionalText('Dictator', JOB_SEARCH_LIMITS.nameMin),
    from: optionalDay('From'),
    to: optionalDay('To'),
    cs: queryId('cs').optional(),
    page: wholeNumberText('page', {
      min: 1,
      max: JOB_SEARCH_LIMITS.maxPage,
      tooSmall: 'page starts at 1',
      tooLarge: `page may be at most ${JOB_SEARCH_LIMITS.maxPage}`,
    }).default(1),
    pageSize: wholeNumberText('pageSize', { min: 0, max: MAX_ID })
      .refine(
        (n) => (LIMITS.pageSizes as readonly number[]).includes(n),
        `pageSize must be one of ${LIMITS.pageSizes.join(', ')}`,
      )
      .default(LIMITS.pageSizes[0]),
  })
  .refine((q) => !(q.from && q.to && q.from > q.to), { message: 'From must not be after To', path: ['to'] })
  .refine(
    (q) => q.jobId !== undefined || q.patient || q.mrn || q.dictator || q.from || q.to,
    'Enter a job ID, patient, MRN, dictator or dictation dates to search',
  );
export type JobSearchQuery = z.infer<typeof JobSearchQuerySchema>;

/** One found job: a job list row (spec 01 §3) and the corporate structure it belongs to. */
export const JobSearchRowSchema = JobListRowSchema.extend({ corporateStructureId: z.number().int() });
export type JobSearchRow = z.infer<typeof JobSearchRowSchema>;

/** A page of found jobs, newest dictation first; `total` counts every match. */
export const JobSearchResultSchema = z.object({
  rows: z.array(JobSearchRowSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int(),
});
export type JobSearchResult = z.infer<typeof JobSearchResultSchema>;
