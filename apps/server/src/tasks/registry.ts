import type { TaskDefinition } from './defineTask.js';
import { deliverJobTask } from './deliverJob.js';
import { heartbeatTask } from './heartbeat.js';
import { importScheduleTask } from './importSchedule.js';
import { makeAudioRenditionsTask } from './makeAudioRenditions.js';
import { recognizeDictationTask } from './recognizeDictation.js';
import { sendFaxTask } from './sendFax.js';
import { sweepDistributionsTask } from './sweepDistributions.js';
import { sweepOrphanBlobsTask } from './sweepOrphanBlobs.js';

/** Every task the worker runs. A new task is added here and nowhere else. */
export const TASKS: TaskDefinition[] = [
  heartbeatTask,
  makeAudioRenditionsTask,
  recognizeDictationTask,
  sendFaxTask,
  deliverJobTask,
  importScheduleTask,
  sweepOrphanBlobsTask,
  sweepDistributionsTask,
];
