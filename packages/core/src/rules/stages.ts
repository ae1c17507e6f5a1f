import { enUS } from '../i18n/enUS.js';

/**
 * The stage catalogue (docs/domain.md explains the workflow). Ids are chosen so that the label rule
 * of spec 01 §4 / ARCHITECTURE §4 reads every stage correctly: ids 4–7 are the failed-distribution
 * stages, ids above 7 (but 16) the pending-distribution ones, except the stages named Processing,
 * Finished and ES, which read as themselves.
 */
export const STAGES = {
  dictated: { id: 1, name: 'Dictated' },
  transcription: { id: 2, name: 'Transcription' },
  holdQueue: { id: 3, name: 'Hold Queue' },
  faxFailed: { id: 4, name: 'Fax Failed' },
  printFailed: { id: 5, name: 'Print Failed' },
  electronicFailed: { id: 6, name: 'Electronic Failed' },
  distributionFailed: { id: 7, name: 'Distribution Failed' },
  pendingFax: { id: 8, name: 'Pending Fax' },
  manualDistribution: { id: 9, name: 'Manual Distribution' },
  pendingElectronic: { id: 10, name: 'Pending Electronic' },
  eSignature: { id: 11, name: 'ES' },
  finished: { id: 13, name: 'Finished' },
  cancelled: { id: 16, name: 'Cancelled' },
  editor: { id: 410, name: 'Processing' },
} as const;

export type StageKey = keyof typeof STAGES;
export type StageId = (typeof STAGES)[StageKey]['id'];

const BY_ID = new Map<number, { id: number; name: string }>(Object.values(STAGES).map((s) => [s.id, s]));

/** The stored name of a stage id, or undefined for an unknown id. */
export function stageName(id: number): string | undefined {
  return BY_ID.get(id)?.name;
}

/** Every stage id of the failed queue (ARCHITECTURE §4: ids 4–7). */
export const FAILED_STAGE_IDS: readonly number[] = [4, 5, 6, 7];

/** Spec 01 §4: Stage id 410 is the editor stage. */
export const EDITOR_STAGE_ID = STAGES.editor.id;

/**
 * The label the job list shows for a stage (spec 01 §4 "Stage display"): Processing, Finished and
 * ES (shown as ESign) read as such, an empty name reads empty; otherwise an id above 7 other than
 * 16 reads "Pending Distribution", an id from 4 to 7 "Failed Distribution" (the names of those
 * queues, capitalised as every other stage name is), and the rest show their translated name
 * (`translate` maps a stored stage name to the user's language).
 */
export function stageLabel(
  stageId: number | null | undefined,
  name: string | null | undefined,
  translate: (name: string) => string = (n) => n,
): string {
  if (name === 'Processing' || name === 'Finished') return name;
  if (name === 'ES') return 'ESign';
  if (name === null || name === undefined || name === '') return '';
  if (stageId !== null && stageId !== undefined && stageId !== 16) {
    if (stageId > 7) return enUS.jobList.queues.pending;
    if (stageId > 3) return enUS.jobList.queues.failed;
  }
  return translate(name);
}
