import type { BinaryJobListHeader, JobListRow } from '@quill/core/contract/jobList';
import { decodeBinaryJobListRows, splitBinaryJobList } from '@quill/core/rules/jobListBinary';
import type { JobListColumn } from '@quill/core/rules/jobListColumns';
import { type JobListLabelWords, jobListLabels } from '@quill/core/rules/jobListValues';
import { runSteps } from '@quill/core/rules/steps';
import { JobListSearchTexts } from './jobListSearchTexts';

/**
 * What the list asks of its search worker, in order: the loaded list's binary batches (copies;
 * the worker decodes them into the same rows at the same positions), the texts of some columns
 * to build ahead of need, and the rows matching a query.
 */
export type SearchRequest =
  | { kind: 'rows'; batches: readonly Uint8Array[]; words: JobListLabelWords }
  | { kind: 'prepare'; columns: readonly JobListColumn[] }
  | { kind: 'match'; id: number; columns: readonly JobListColumn[]; query: string };

/** The worker's answer to a `match`: 1 at each matching row position, or why it could not. */
export type SearchReply = { id: number; matches: Uint8Array } | { id: number; error: string };

/**
 * The search worker's work, one request at a time (see {@link SearchRequest}); answers a reply
 * to a `match` only. The batches' headers were checked against the contract where they arrived.
 */
export function searchRequestHandler(): (request: SearchRequest) => SearchReply | null {
  let texts: JobListSearchTexts | null = null;
  let failure = 'No rows to search';
  return (request) => {
    try {
      switch (request.kind) {
        case 'rows': {
          const batches = request.batches.map((bytes) => {
            const parts = splitBinaryJobList(bytes);
            return decodeBinaryJobListRows(parts.header as BinaryJobListHeader, parts);
          });
          texts = new JobListSearchTexts(
            ([] as JobListRow[]).concat(...batches),
            jobListLabels(request.words),
          );
          return null;
        }
        case 'prepare':
          if (texts) runSteps(texts.steps(request.columns));
          return null;
        case 'match':
          if (!texts) return { id: request.id, error: failure };
          return { id: request.id, matches: texts.matches(request.columns, request.query) };
      }
    } catch (error) {
      texts = null;
      failure = error instanceof Error ? error.message : String(error);
      return request.kind === 'match' ? { id: request.id, error: failure } : null;
    }
  };
}
