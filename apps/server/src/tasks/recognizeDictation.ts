import { z } from 'zod';
import { defineTask } from './defineTask.js';

/**
 * Asks the configured speech recognizer (ASR_ENGINE) for a draft of a job's dictation and stores
 * it as the job's draft document, marked as recognized (issue 27). Sent by Create with Audio in
 * the transaction that stores the recording, when an engine is ready. Retried twice (a recognizer
 * server that is down may be back); after that the job stays audio-only and the task is failed.
 */
export const recognizeDictationTask = defineTask({
  id: 'recognizeDictation',
  version: 1,
  payload: z.object({ jobId: z.number().int().positive() }),
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  // Past ASR_TIMEOUT_SECONDS' largest value (30 min) plus the conversion: a dead worker's try is retried.
  expireInSeconds: 45 * 60,
  handler: async () => (await import('./recognizeDictationHandler.js')).recognizeDictation,
});
