import { z } from 'zod';
import { message } from '../i18n/format.js';
import { knownTimeZone } from '../rules/time/jobTime.js';
import { plainText } from './documents/text.js';

/**
 * GET /api/productivity/me (issue 27): `tz` is the IANA time zone of the person's computer, whose
 * calendar day is "today" (rules/reports/productivity.ts); without it, UTC.
 */
export const ProductivityQuerySchema = z.object({
  tz: plainText('tz', { max: 64 })
    .trim()
    .refine((tz) => knownTimeZone(tz) === tz, message('transcribe.productivity.timeZoneUnknown'))
    .optional(),
});
export type ProductivityQuery = z.infer<typeof ProductivityQuerySchema>;

/** The signed-in account's own figures for today and the last 7 days (rules/reports/productivity.ts). */
export const ProductivitySchema = z.object({
  /** Today, 'YYYY-MM-DD', and the zone it is a day of. */
  day: z.string(),
  timeZone: z.string(),
  jobsDone: z.number().int(),
  linesTyped: z.number(),
  linesPerHour: z.number().nullable(),
  timedLines: z.number(),
  typingMinutes: z.number().int(),
  averageTatMinutes: z.number().int().nullable(),
  week: z.object({ jobsDone: z.number().int(), averageTatMinutes: z.number().int().nullable() }),
});
export type Productivity = z.infer<typeof ProductivitySchema>;
