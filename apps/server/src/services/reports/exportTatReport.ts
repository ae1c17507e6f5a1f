import type { Writable } from 'node:stream';
import { enUS, reportHours, TAT_REPORT_COLUMNS, type TatReportColumn } from '@quill/core';
import type { AppContext } from '../../context.js';
import { type XlsxCell, xlsxWorkbook } from '../../documents/xlsx/xlsxWriter.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/auth.js';
import type { TatReport, TatReportRow } from './loadTatReport.js';

const TEXT = enUS.transcribe.productivity.report;

/** The report's file name: facility and days, nothing else. */
export function tatReportFileName(report: Pick<TatReport, 'facility' | 'from' | 'to'>): string {
  return `Turnaround-${report.facility.id}-${report.from}-${report.to}.xlsx`;
}

const HOURS = new Set<TatReportColumn>(['averageToFirstText', 'medianToFirstText', 'averageToFinished']);

function cell(row: TatReportRow, column: TatReportColumn): XlsxCell {
  switch (column) {
    case 'workType':
      return row.workType ?? TEXT.noWorkType;
    case 'transcriptionist':
      return row.transcriptionist ?? TEXT.noTranscriptionist;
    case 'averageToFirstText':
    case 'medianToFirstText':
    case 'averageToFinished':
      return reportHours(row[column]);
    default:
      return row[column];
  }
}

/**
 * GET /api/reports/tat.xlsx (issue 27): writes the report read by loadTatReport to `out` as an
 * .xlsx by the server's XLSX writer — a sheet of rows per work type and transcriptionist (hours
 * with one decimal) and an About sheet saying what it covers — then audits `report.tat.export`
 * with ids and counts. It holds no patient data: work types, staff accounts, counts and times.
 */
export async function exportTatReport(
  ctx: AppContext,
  auth: Auth,
  report: TatReport,
  out: Writable,
  ip: string | null,
): Promise<void> {
  const workbook = xlsxWorkbook(out);
  const sheet = workbook.sheet(
    TEXT.sheet,
    TAT_REPORT_COLUMNS.map((c) => ({
      header: TEXT.columns[c],
      width: c === 'workType' || c === 'transcriptionist' ? 30 : 16,
      ...(HOURS.has(c) ? { numFmt: '0.0' } : {}),
    })),
  );
  for (const row of report.rows) sheet.add(TAT_REPORT_COLUMNS.map((c) => cell(row, c)));
  sheet.done();
  const about = workbook.sheet(TEXT.aboutSheet, [
    { header: TEXT.title, width: 44 },
    { header: '', width: 60 },
  ]);
  const a = TEXT.about;
  for (const line of [
    [a.facility, report.facility.name],
    [a.corporateStructure, report.corporateStructure.name],
    [a.from, report.from],
    [a.to, report.to],
    [a.timeZone, report.facility.timeZone],
    [a.statTarget, report.facility.statTargetMinutes],
    [a.created, report.at.toISOString().slice(0, 16).replace('T', ' ')],
    [a.hours],
  ])
    about.add(line);
  about.done();
  await workbook.end();
  await recordAudit(ctx, {
    action: 'report.tat.export',
    outcome: 'success',
    userId: auth.userId,
    accountId: auth.accountId,
    corporateStructureId: report.corporateStructure.id,
    ip,
    detail: {
      clientFacilityId: report.facility.id,
      from: report.from,
      to: report.to,
      rows: report.rows.length,
      jobs: report.rows.reduce((n, r) => n + r.jobs, 0),
    },
  });
}
