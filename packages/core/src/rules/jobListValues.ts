import type { JobListRow } from '../contract/jobList.js';
import type { JobListColumn } from './jobListColumns.js';

/** Words the list shows in place of a value (from the catalogue) and the stage label rule. */
export interface JobListLabels {
  /** The STAT marker. */
  stat: string;
  /** Spec 01 §6: shown instead of the patient name when the account may not see it ('' when it may). */
  patientWithheld: string;
  /** Spec 01 §4 stage display (`stageLabel` with the catalogue's translation). */
  stage: (stageId: number, stageName: string) => string;
}

/**
 * The text of a row's cell in a column, as the list shows it and as search and grouping read it:
 * the STAT marker, the stage label, the withheld-patient label, the note text for the note
 * indicator, and the formatted dates as the server wrote them.
 */
export function columnText(row: JobListRow, column: JobListColumn, labels: JobListLabels): string {
  switch (column) {
    case 'stat':
      return row.stat ? labels.stat : '';
    case 'patientName':
      return row.patientName ?? labels.patientWithheld;
    case 'jobNoteBool':
      return row.jobNote;
    case 'stageName':
      return labels.stage(row.stageId, row.stageName);
    default:
      return row[column] ?? '';
  }
}

/** Separates the columns of a search text, so that a search never matches across two columns. */
export const SEARCH_SEPARATOR = '\u0001';

/**
 * Spec 01 §5: search matches case-insensitively across visible column values. The lower-cased
 * values of the given columns, joined, computed once per row and load.
 */
export function searchText(
  row: JobListRow,
  columns: readonly JobListColumn[],
  labels: JobListLabels,
): string {
  // One join into a flat string (`+=` builds a rope of 26 pieces first: 100,000 rows' worth of
  // garbage); the last, empty piece gives the text its closing separator.
  const pieces = new Array<string>(columns.length + 1);
  for (let i = 0; i < columns.length; i++) pieces[i] = columnText(row, columns[i]!, labels);
  pieces[columns.length] = '';
  return pieces.join(SEARCH_SEPARATOR).toLowerCase();
}

/** The lower-cased search query as it is matched against {@link searchText}, or '' for none. */
export function normalizeSearch(query: string): string {
  return query.trim().toLowerCase();
}
