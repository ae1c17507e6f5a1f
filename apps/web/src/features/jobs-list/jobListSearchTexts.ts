import type { JobListRow } from '@quill/core/contract/jobList';
import type { JobListColumn } from '@quill/core/rules/jobListColumns';
import { type JobListLabels, normalizeSearch, searchText } from '@quill/core/rules/jobListValues';
import { runSteps } from '@quill/core/rules/steps';

/** Rows per step while building search texts. */
const SEARCH_ROWS_PER_STEP = 1_000;

/**
 * Spec 01 §5: each row's lower-cased search text over the visible columns, built once per load
 * and set of columns, and the rows a query matches. One build is shared: a search that comes
 * while the texts are being built ahead of need goes on from where that build got to.
 */
export class JobListSearchTexts {
  private built: { key: string; texts: string[] } | null = null;
  private building: { key: string; steps: Generator<void, void, void> } | null = null;

  constructor(
    readonly rows: readonly JobListRow[],
    readonly labels: JobListLabels,
  ) {}

  has(columns: readonly JobListColumn[]): boolean {
    return this.built?.key === columns.join(',');
  }

  /** Builds the texts of these columns step by step (every caller drives the same build). */
  steps(columns: readonly JobListColumn[]): Generator<void, void, void> {
    const key = columns.join(',');
    if (this.building?.key !== key) this.building = { key, steps: this.build(columns, key) };
    return this.building.steps;
  }

  /** Each row's text over these columns, built on the spot when it is not yet. */
  texts(columns: readonly JobListColumn[]): readonly string[] {
    if (!this.has(columns)) runSteps(this.steps(columns));
    return this.built!.texts;
  }

  /**
   * 1 at each row position whose text over these columns contains the query (case-insensitively),
   * 0 elsewhere; every row matches an empty query.
   */
  matches(columns: readonly JobListColumn[], query: string): Uint8Array {
    const texts = this.texts(columns);
    const q = normalizeSearch(query);
    const matches = new Uint8Array(texts.length);
    for (let i = 0; i < texts.length; i++) matches[i] = !q || texts[i]!.includes(q) ? 1 : 0;
    return matches;
  }

  private *build(columns: readonly JobListColumn[], key: string): Generator<void, void, void> {
    const texts = new Array<string>(this.rows.length);
    for (let i = 0; i < this.rows.length; i++) {
      texts[i] = searchText(this.rows[i]!, columns, this.labels);
      if (i % SEARCH_ROWS_PER_STEP === SEARCH_ROWS_PER_STEP - 1) yield;
    }
    this.built = { key, texts };
  }
}
