import {
  type Productivity,
  type ProductivityQuery,
  productivityFigures,
  productivityWindow,
  type TranscribedJob,
} from '@quill/core';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { rowsOf } from '../audit/auditHash.js';
import type { Auth } from '../auth/auth.js';

const ms = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

/**
 * GET /api/productivity/me (issue 27): the figures of the account the session works as (never
 * another's) for today in the caller's time zone `tz` and the last 7 days — jobs done, lines typed,
 * lines per hour, average turnaround (rules/reports/productivity.ts says what each counts). It reads the
 * account's own saves and the times of the jobs it transcribed, no patient data, so it is not
 * audited.
 */
export async function getMyProductivity(
  ctx: AppContext,
  auth: Auth,
  query: ProductivityQuery,
  now = new Date(),
): Promise<Productivity> {
  const accountId = auth.accountId!;
  const window = productivityWindow(now.getTime(), query.tz ?? 'UTC');
  const dayStart = new Date(window.dayStartMs).toISOString();
  const weekStart = new Date(window.weekStartMs).toISOString();
  const jobs = rowsOf<TranscribedJob>(
    await ctx.database.db.execute(sql`
      select ${ms('j.dictated_at')} as "dictatedMs", ${ms('j.transcription_started_at')} as "startedMs",
        ${ms('j.first_text_at')} as "firstTextMs", coalesce(t.chars, 0)::int as "typedTodayChars",
        ${ms('t.last_save')} as "lastSaveTodayMs"
      from jobs j
      left join lateral (
        select sum(v.typed_chars) as chars, max(v.created_at) as last_save
        from document_versions v
        where v.job_id = j.id and v.created_by_account_id = ${accountId}
          and v.created_at >= ${dayStart}::timestamptz
      ) t on true
      where j.transcribed_by_account_id = ${accountId} and j.first_text_at >= ${weekStart}::timestamptz`),
  );
  const [typed] = rowsOf<{ chars: number }>(
    await ctx.database.db.execute(sql`
      select coalesce(sum(typed_chars), 0)::int as "chars" from document_versions
      where created_by_account_id = ${accountId} and created_at >= ${dayStart}::timestamptz`),
  );
  return {
    day: window.day,
    timeZone: window.timeZone,
    ...productivityFigures({
      dayStartMs: window.dayStartMs,
      weekStartMs: window.weekStartMs,
      typedTodayChars: typed?.chars ?? 0,
      jobs,
    }),
  };
}
