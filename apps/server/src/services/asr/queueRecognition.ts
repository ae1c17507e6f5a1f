import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { transactionSql } from '../../db/transactionSql.js';
import { recognizeDictationTask } from '../../tasks/recognizeDictation.js';
import { asrEngineStatus } from './checkAsrEngine.js';

/**
 * Queues a speech-recognition draft of a job whose recording was just stored (issue 27), in the
 * caller's transaction so the task exists exactly when the recording does. Nothing is queued when
 * recognition is off (ASR_ENGINE=none) or its engine is missing here (pocketsphinx not installed):
 * the job stays audio-only and the health page says why. Answers whether a task was queued.
 * Every way audio reaches a job (Create with Audio today, an audio intake tomorrow) calls this.
 */
export async function queueRecognition(ctx: AppContext, tx: Tx, jobId: number): Promise<boolean> {
  if (!asrEngineStatus(ctx.config).ready) return false;
  await ctx.tasks.insert(recognizeDictationTask, [{ payload: { jobId } }], { db: transactionSql(tx) });
  return true;
}
