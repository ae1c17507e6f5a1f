import { z } from 'zod';
import { plainText } from './documents/text.js';
import { queryId } from './ids.js';

/** Spec 01 §3 "Audio options": codecs the player can be given. */
export const AUDIO_CODECS = ['opus', 'wav'] as const;
export type AudioCodec = (typeof AUDIO_CODECS)[number];

/** Content types of the renditions (issue: `audio/ogg; codecs=opus`, `audio/wav`). */
export const AUDIO_CONTENT_TYPES: Record<AudioCodec, string> = {
  opus: 'audio/ogg; codecs=opus',
  wav: 'audio/wav',
};

/** Create with Audio: the recordings accepted, checked by their first bytes, not the name. */
export const UPLOAD_AUDIO_KINDS = ['wav', 'mp3', 'ogg', 'm4a'] as const;
export type UploadAudioKind = (typeof UPLOAD_AUDIO_KINDS)[number];

/** Largest recording Create with Audio accepts. */
export const MAX_AUDIO_UPLOAD_BYTES = 200 * 1024 * 1024;

/**
 * What a dictation must be to be taken in (issue 41): its first audio stream has 1 to
 * `maxChannels` channels, a sample rate within the range, a duration over zero, and frames that
 * decode in its first `probeSeconds` seconds (ffprobe; a strict header reader without ffmpeg).
 */
export const AUDIO_INTAKE_LIMITS = {
  maxChannels: 8,
  minSampleRate: 8_000,
  maxSampleRate: 192_000,
  probeSeconds: 10,
  /** Longest an ffprobe run may take before the recording counts as unplayable. */
  probeTimeoutMs: 20_000,
} as const;

/** GET /api/Audio/{codec}?jobId= */
export const AudioParamsSchema = z.object({
  codec: plainText('codec', { max: 10 })
    .transform((c) => c.toLowerCase())
    .pipe(z.enum(AUDIO_CODECS, { error: 'codec must be opus or wav' })),
});
export const AudioQuerySchema = z.object({ jobId: queryId('jobId') });
/** POST /api/job/audioplayed?jobId= (issue 39): the playback was recorded in the job's audit trail. */
export const AudioPlayedSchema = z.object({ success: z.boolean() });

/** Spec 01 §3 "Audio options", served with a job's data: GET /api/job/audiooptions?jobId= */
export const AudioOptionsSchema = z.object({
  jobId: z.number().int(),
  /** Where the player streams from, e.g. /api/Audio/opus?jobId=12; null without audio. */
  audioURL: z.string().nullable(),
  /** The preferred rendition: opus when present, else wav; null without audio. */
  audioFormat: z.enum(AUDIO_CODECS).nullable(),
  hasWav: z.boolean(),
  hasOpus: z.boolean(),
  durationMs: z.number().int().nullable(),
  /** Which player buttons are enabled (spec 01 §3). */
  play: z.boolean(),
  backwards: z.boolean(),
  forwards: z.boolean(),
  stop: z.boolean(),
  seek: z.boolean(),
  volume: z.boolean(),
});
export type AudioOptions = z.infer<typeof AudioOptionsSchema>;

/** GET /api/audio/createoptions: client facilities the account may create jobs in. */
export const CreateAudioFacilitiesSchema = z.array(
  z.object({
    id: z.number().int(),
    name: z.string(),
    corporateStructureId: z.number().int(),
    /** The label of the facility's corporate structure (the page groups facilities by it). */
    companyNameId: z.string(),
  }),
);

/** The client facility of GET /api/audio/createoptions/{clientFacilityId}. */
export const CreateAudioFacilityParamsSchema = z.object({ clientFacilityId: queryId('clientFacilityId') });

/** GET /api/audio/createoptions/{clientFacilityId}: dictators and work types of that facility. */
export const CreateAudioChoicesSchema = z.object({
  dictators: z.array(z.object({ id: z.number().int(), name: z.string() })),
  workTypes: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

/**
 * POST /api/audio/createwithaudio, multipart: the recording in field `file` plus these fields.
 * Answers 201 CreateAudioResponse.
 */
export const CreateAudioFieldsSchema = z.object({
  clientFacilityId: queryId('clientFacilityId', 'Choose a client facility'),
  dictatorId: queryId('dictatorId', 'Choose a dictator'),
  workTypeId: queryId('workTypeId', 'Choose a work type'),
  /** Optional: the patient's MRN (PID 3.1) in the facility's corporate structure. */
  patientMrn: plainText('patientMrn', { max: 50 }).trim().optional(),
  stat: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
export const CreateAudioResponseSchema = z.object({
  jobId: z.number().int(),
  /** queued when a rendition task was enqueued (ffmpeg installed), none otherwise. */
  renditions: z.enum(['queued', 'none']),
});
