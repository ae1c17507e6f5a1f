import { enUS } from '../../i18n/enUS.js';
import type { QueueName } from '../settings/constants.js';

/**
 * The queues a job's stage decides (docs/domain.md "Queues"): hq and failed. pending is the manual
 * distribution list (a flag of the job, whatever its stage) and all is every job.
 */
export type StageQueue = Extract<QueueName, 'hq' | 'failed'>;

/** One stage of the catalogue: its id, its stored name and the queue it puts a job in, if any. */
export interface Stage {
  readonly id: number;
  readonly name: string;
  readonly queue?: StageQueue;
}

/**
 * The stage catalogue (docs/domain.md explains the workflow), the one source of which stages each
 * queue holds: the job list's SQL is generated from it, and a test holds the queue-count triggers
 * of migration 0005 to it. Ids are chosen so that the label rule of spec 01 §4 / ARCHITECTURE §4
 * reads every stage correctly: ids 4–7 are the failed-distribution stages, ids above 7 (but 16)
 * the pending-distribution ones, except the stages named Processing, Finished and ES, which read
 * as themselves.
 */
export const STAGES = {
  dictated: { id: 1, name: 'Dictated' },
  transcription: { id: 2, name: 'Transcription' },
  holdQueue: { id: 3, name: 'Hold Queue', queue: 'hq' },
  faxFailed: { id: 4, name: 'Fax Failed', queue: 'failed' },
  printFailed: { id: 5, name: 'Print Failed', queue: 'failed' },
  electronicFailed: { id: 6, name: 'Electronic Failed', queue: 'failed' },
  distributionFailed: { id: 7, name: 'Distribution Failed', queue: 'failed' },
  pendingFax: { id: 8, name: 'Pending Fax' },
  manualDistribution: { id: 9, name: 'Manual Distribution' },
  pendingElectronic: { id: 10, name: 'Pending Electronic' },
  eSignature: { id: 11, name: 'ES' },
  finished: { id: 13, name: 'Finished' },
  cancelled: { id: 16, name: 'Cancelled' },
  editor: { id: 410, name: 'Processing' },
} as const satisfies Record<string, Stage>;

export type StageKey = keyof typeof STAGES;
export type StageId = (typeof STAGES)[StageKey]['id'];

/** Every stage of the catalogue, in catalogue order. */
export const STAGE_LIST: readonly Stage[] = Object.values(STAGES);

const BY_ID = new Map<number, Stage>(STAGE_LIST.map((s) => [s.id, s]));

/** The stored name of a stage id, or undefined for an unknown id. */
export function stageName(id: number): string | undefined {
  return BY_ID.get(id)?.name;
}

/** The ids of the stages that put a job in `queue`, in catalogue order. */
export function stageIdsOf(queue: StageQueue): readonly number[] {
  return STAGE_LIST.filter((s) => s.queue === queue).map((s) => s.id);
}

/** Every stage id of the failed queue (ARCHITECTURE §4: ids 4–7). */
export const FAILED_STAGE_IDS: readonly number[] = stageIdsOf('failed');

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
