import type { AppContext } from '../context.js';
import { importScheduleUpload } from '../services/schedule/importSchedule.js';
import type { TaskAttempt } from './defineTask.js';

/** The importSchedule task: one try at applying an upload; a failure is recorded on the upload. */
export async function importSchedule(
  ctx: AppContext,
  payload: { uploadId: number },
  attempt: TaskAttempt = { retryCount: 0, retryLimit: 0 },
): Promise<void> {
  await importScheduleUpload(ctx, payload.uploadId, {
    finalAttempt: attempt.retryCount >= attempt.retryLimit,
  });
}
