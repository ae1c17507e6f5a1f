import type { Writable } from 'node:stream';
import {
  canSeePatientName,
  DEFAULT_HIDDEN_COLUMNS,
  type ExportQueryValues,
  enUS,
  formatDuration,
  isJobListColumn,
  isTatColumn,
  JOB_LIST_COLUMNS,
  type JobListColumn,
  type JobListRow,
  type QueueName,
  stageLabel,
  TAT_COLUMNS,
} from '@quill/core';
import { facilityBatches } from '@quill/core/rules/jobList/jobListBatches';
import { type JobListScreen, screenOrder } from '@quill/core/rules/jobList/jobListScreen';
import { columnText, type JobListLabels } from '@quill/core/rules/jobList/jobListValues';
import type { AppContext } from '../../context.js';
import { xlsxWorkbook } from '../../documents/xlsx/xlsxWriter.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/auth.js';
import { getApplicationSettings } from '../settings/getApplicationSettings.js';
import { getClientFacilityIds } from './getUserCorporateStructures.js';
import type { ListFilter } from './jobListSql.js';
import { labelClockChangeTimes } from './labelClockChangeTimes.js';
import { queryJobRows, userFormats } from './listJobs.js';

const FILTER_OF: Record<QueueName, ListFilter> = {
  pending: 'pending',
  hq: 'hq',
  failed: 'failed',
  all: 'all',
};

function cell(row: JobListRow, column: JobListColumn, labels: JobListLabels): string | number {
  // Turnaround reads as the list shows it (issue 27).
  if (isTatColumn(column)) return formatDuration(row[TAT_COLUMNS[column]], enUS.transcribe.tat.units);
  switch (column) {
    case 'stat':
      return row.stat ? 'STAT' : '';
    case 'jobNoteBool':
      return row.jobNote;
    case 'stageName':
      return stageLabel(row.stageId, row.stageName);
    case 'filterJobId':
      return row.jobId;
    case 'patientName':
    case 'patientMRN':
      // Withheld without the permission (issue 41): the column's label, as the list shows it.
      return columnText(row, column, labels);
    default:
      return row[column] ?? '';
  }
}

/**
 * The visible columns the caller asked for (in the list's order), or the defaults. The patient
 * name and MRN columns stay for accounts that may not see them: like the list, they then read
 * 'Patient Name' and 'Subject ID' (spec 01 §6, issue 41), so the export's headings match the visible columns.
 */
export function exportColumns(requested: readonly JobListColumn[] | undefined): JobListColumn[] {
  const wanted = requested?.length
    ? new Set(requested)
    : new Set(JOB_LIST_COLUMNS.filter((c) => !DEFAULT_HIDDEN_COLUMNS.includes(c)));
  return JOB_LIST_COLUMNS.filter((c) => wanted.has(c));
}

/**
 * The words the list shows in place of values (web `useJobListLabels`), from the same catalogue:
 * search, sort and grouping read the same texts on both sides.
 */
function catalogueLabels(auth: Auth): JobListLabels {
  return {
    stat: enUS.jobList.stat,
    patientWithheld: canSeePatientName(auth.permissions) ? '' : enUS.jobList.patientWithheld,
    mrnWithheld: canSeePatientName(auth.permissions) ? '' : enUS.jobList.mrnWithheld,
    stage: stageLabel,
    durationUnits: enUS.transcribe.tat.units,
  };
}

/**
 * What of the screen an export query asks to follow (the contract has checked the column names),
 * or null when it neither searches, sorts nor groups: the rows then stream in load order.
 */
function screenOf(query: ExportQueryValues): Omit<JobListScreen, 'columns'> | null {
  const search = query.search?.trim() ?? '';
  const sort = query.sort as JobListColumn | undefined;
  const group = (query.group as JobListColumn | undefined) ?? null;
  if (!search && !sort && !group) return null;
  return { search, sort: sort ? { column: sort, ascending: query.order !== 'desc' } : null, group };
}

/**
 * GET /api/file/JobList/{csId}/{queueName}: a real .xlsx of the queue's rows as the list shows
 * them (issue 39) — the visible columns with their headings and, when the screen has them, only
 * the rows its search matches, in its sort and grouping (core's rules/jobList/jobListScreen, the rules
 * the browser applies; the rows are read in the list's own batches of facilities, so ties keep
 * the browser's load order). Written to `out` by the server's one XLSX writer
 * (documents/xlsx/xlsxWriter: formula-looking text is written as text); a plain list streams a
 * batch of facilities at a time, so a 100,000-job structure never sits in memory at once, while a
 * searched, sorted or grouped one is ordered whole. Audited.
 */
export async function exportJobList(
  ctx: AppContext,
  auth: Auth,
  input: { csId: number; queue: QueueName; query: ExportQueryValues },
  out: Writable,
  ip: string | null,
): Promise<void> {
  const facilities = await getClientFacilityIds(ctx, auth, input.csId);
  const { jobListDataBatchSize } = await getApplicationSettings(ctx);
  const columns = exportColumns(input.query.columns?.filter(isJobListColumn));
  const formats = await userFormats(ctx, auth.userId);
  const workbook = xlsxWorkbook(out);
  const sheet = workbook.sheet(
    enUS.jobList.queues[input.queue],
    columns.map((c) => ({ header: enUS.jobList.columns[c], width: c === 'jobNoteBool' ? 40 : 20 })),
  );
  const screen = screenOf(input.query);
  const labels = catalogueLabels(auth);
  const held: JobListRow[] = [];
  let count = 0;
  for (const batch of facilityBatches(facilities, jobListDataBatchSize)) {
    const rows = await queryJobRows(
      ctx,
      auth,
      { corpId: input.csId, cfs: batch, filter: FILTER_OF[input.queue] },
      formats,
    );
    await labelClockChangeTimes(ctx, rows, formats);
    if (screen) {
      for (const row of rows) held.push(row);
      continue;
    }
    for (const row of rows) sheet.add(columns.map((c) => cell(row, c, labels)));
    count += rows.length;
  }
  if (screen) {
    const order = screenOrder(held, { ...screen, columns }, labels);
    for (const position of order) sheet.add(columns.map((c) => cell(held[position]!, c, labels)));
    count = order.length;
  }
  sheet.done();
  await workbook.end();
  await recordAudit(ctx, {
    action: 'joblist.export',
    outcome: 'success',
    userId: auth.userId,
    accountId: auth.accountId,
    corporateStructureId: input.csId,
    ip,
    // The criteria, never the searched text: it may be a patient's name.
    detail: {
      queue: input.queue,
      rows: count,
      columns,
      searched: !!screen?.search,
      sort: screen?.sort ? `${screen.sort.column} ${screen.sort.ascending ? 'asc' : 'desc'}` : null,
      group: screen?.group ?? null,
    },
  });
}
