import {
  knownTimeZone,
  parseCalendarDay,
  STAGES,
  TAT_MILESTONES,
  type TatReportQuery,
  tatRangeInstants,
} from '@quill/core';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { corporateStructures } from '../../db/schema/index.js';
import { rowsOf } from '../audit/auditHash.js';
import type { Auth } from '../auth/auth.js';
import { requireFacility } from '../referenceData/requireFacility.js';

/** One row of the report: the jobs of one work type whose first text one account typed. */
export interface TatReportRow {
  workTypeId: number | null;
  workType: string | null;
  /** The account whose save stored the first text; null: none typed in Quill (yet). */
  accountId: number | null;
  transcriptionist: string | null;
  jobs: number;
  withText: number;
  /** Seconds from dictation, over the jobs that have the later time. */
  averageToFirstText: number | null;
  medianToFirstText: number | null;
  finished: number;
  averageToFinished: number | null;
  statJobs: number;
  statPastTarget: number;
}

/** What the report covers, and its rows. */
export interface TatReport {
  facility: { id: number; name: string; timeZone: string; statTargetMinutes: number };
  corporateStructure: { id: number; name: string };
  from: string;
  to: string;
  /** When it was read (unfinished STAT jobs are judged at this instant). */
  at: Date;
  rows: TatReportRow[];
}

/** Stages at which an unfinished job will never reach its finished time by itself. */
const CLOSED_STAGES = [STAGES.cancelled.id, ...TAT_MILESTONES.finishedAt];

const seconds = (later: string) => sql.raw(`extract(epoch from j.${later} - j.dictated_at)::float8`);

/**
 * The turnaround report of a client facility of the account's structures (another is 404),
 * aggregated by the database in one statement over the jobs dictated on the days `from` to `to`
 * of the facility's clock (rules/reports/tatReport.ts), per work type and transcriptionist. A STAT job is
 * past its target as the job list's highlight says (rules/jobList/statTarget.ts): its whole minutes from
 * dictation to finished — or to now while it is unfinished and not cancelled — exceed the
 * facility's target. Reads no patient data.
 */
export async function loadTatReport(
  ctx: AppContext,
  auth: Auth,
  query: TatReportQuery,
  now = new Date(),
): Promise<TatReport> {
  const facility = await requireFacility(ctx, auth, query.cf);
  const timeZone = knownTimeZone(facility.timeZone);
  const { startMs, endMs } = tatRangeInstants(
    parseCalendarDay(query.from)!,
    parseCalendarDay(query.to)!,
    timeZone,
  );
  const [structure] = await ctx.database.db
    .select({ id: corporateStructures.id, name: corporateStructures.name })
    .from(corporateStructures)
    .where(eq(corporateStructures.id, facility.corporateStructureId));
  const result = await ctx.database.db.execute(sql`
    select j.work_type_id as "workTypeId", wt.name as "workType",
      j.transcribed_by_account_id as "accountId", a.member as "transcriptionist",
      count(*)::int as "jobs",
      count(j.first_text_at)::int as "withText",
      avg(${seconds('first_text_at')}) as "averageToFirstText",
      percentile_cont(0.5) within group (order by ${seconds('first_text_at')}) as "medianToFirstText",
      count(j.finished_at)::int as "finished",
      avg(${seconds('finished_at')}) as "averageToFinished",
      (count(*) filter (where j.stat is not null))::int as "statJobs",
      (count(*) filter (where j.stat is not null
        and (j.finished_at is not null or j.stage_id not in (${sql.join(
          CLOSED_STAGES.map((id) => sql`${id}`),
          sql`, `,
        )}))
        and coalesce(j.finished_at, ${now.toISOString()}::timestamptz) - j.dictated_at
          >= make_interval(mins => ${facility.statTargetMinutes}::int + 1)))::int as "statPastTarget"
    from jobs j
    left join work_types wt on wt.id = j.work_type_id
    left join accounts a on a.id = j.transcribed_by_account_id
    where j.corporate_structure_id = ${facility.corporateStructureId}
      and j.client_facility_id = ${facility.id}
      and j.dictated_at >= ${new Date(startMs).toISOString()}::timestamptz
      and j.dictated_at < ${new Date(endMs).toISOString()}::timestamptz
    group by j.work_type_id, wt.name, j.transcribed_by_account_id, a.member
    order by wt.name nulls last, j.work_type_id nulls last, a.member nulls last, j.transcribed_by_account_id`);
  return {
    facility: {
      id: facility.id,
      name: facility.name,
      timeZone,
      statTargetMinutes: facility.statTargetMinutes,
    },
    corporateStructure: structure ?? { id: facility.corporateStructureId, name: '' },
    from: query.from,
    to: query.to,
    at: now,
    rows: rowsOf<TatReportRow>(result),
  };
}
