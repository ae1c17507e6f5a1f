import type { Writable } from 'node:stream';
import {
  DEFAULT_HIDDEN_COLUMNS,
  enUS,
  formatDuration,
  isTatColumn,
  JOB_LIST_COLUMNS,
  type JobListColumn,
  type JobListRow,
  type QueueName,
  stageLabel,
  TAT_COLUMNS,
} from '@quill/core';
import type { AppContext } from '../../context.js';
import { xlsxWorkbook } from '../../documents/xlsx/xlsxWriter.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/resolveSession.js';
import { getClientFacilityIds } from './getUserCorporateStructures.js';
import type { ListFilter } from './jobListSql.js';
import { labelClockChangeTimes } from './labelClockChangeTimes.js';
import { queryJobRows, userFormats } from './listJobs.js';

/** Facilities per query while exporting, so a 100,000-job structure never sits in memory at once. */
const EXPORT_BATCH = 4;

const FILTER_OF: Record<QueueName, ListFilter> = {
  pending: 'pending',
  hq: 'hq',
  failed: 'failed',
  all: 'all',
};

function cell(row: JobListRow, column: JobListColumn): string | number {
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
      return row.patientName ?? enUS.jobList.columns.patientName;
    default:
      return row[column] ?? '';
  }
}

/**
 * The visible columns the caller asked for (in the list's order), or the defaults. The patient
 * name column stays for accounts that may not see names: like the list, it then reads
 * 'Patient Name' (spec 01 §6), so the export's headings match the visible columns.
 */
export function exportColumns(requested: readonly JobListColumn[] | undefined): JobListColumn[] {
  const wanted = requested?.length
    ? new Set(requested)
    : new Set(JOB_LIST_COLUMNS.filter((c) => !DEFAULT_HIDDEN_COLUMNS.includes(c)));
  return JOB_LIST_COLUMNS.filter((c) => wanted.has(c));
}

/**
 * GET /api/file/JobList/{csId}/{queueName}: a real .xlsx of the queue's rows with the visible
 * column headings, written to `out` as it is read, a few facilities at a time, by the server's one
 * XLSX writer (documents/xlsx/xlsxWriter: formula-looking text is written as text). Audited.
 */
export async function exportJobList(
  ctx: AppContext,
  auth: Auth,
  input: { csId: number; queue: QueueName; columns?: readonly JobListColumn[] },
  out: Writable,
  ip: string | null,
): Promise<void> {
  const facilities = await getClientFacilityIds(ctx, auth, input.csId);
  const columns = exportColumns(input.columns);
  const formats = await userFormats(ctx, auth.userId);
  const workbook = xlsxWorkbook(out);
  const sheet = workbook.sheet(
    enUS.jobList.queues[input.queue],
    columns.map((c) => ({ header: enUS.jobList.columns[c], width: c === 'jobNoteBool' ? 40 : 20 })),
  );
  let count = 0;
  for (let i = 0; i < facilities.length; i += EXPORT_BATCH) {
    const rows = await queryJobRows(
      ctx,
      auth,
      { corpId: input.csId, cfs: facilities.slice(i, i + EXPORT_BATCH), filter: FILTER_OF[input.queue] },
      formats,
    );
    await labelClockChangeTimes(ctx, rows, formats);
    for (const row of rows) {
      sheet.add(columns.map((c) => cell(row, c)));
      count += 1;
    }
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
    detail: { queue: input.queue, rows: count, columns },
  });
}
