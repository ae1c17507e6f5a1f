import { z } from 'zod';
import { defineTask } from './defineTask.js';

/**
 * Makes the wav (16 kHz mono PCM) and opus (24 kbit/s Ogg) renditions of a job's uploaded
 * recording with ffmpeg and records them; sent by Create with Audio when ffmpeg is installed.
 * Idempotent: a second run stores the same bytes under the same keys and leaves the same rows.
 */
export const makeAudioRenditionsTask = defineTask({
  id: 'makeAudioRenditions',
  version: 1,
  payload: z.object({ jobId: z.number().int().positive() }),
  retry: { limit: 3, delaySeconds: 30, backoff: true },
  expireInSeconds: 30 * 60,
  handler: async () => (await import('./makeAudioRenditionsHandler.js')).makeAudioRenditions,
});
