import { z } from 'zod';

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

/** GET /api/Audio/{codec}?jobId= */
export const AudioParamsSchema = z.object({
  codec: z
    .string()
    .transform((c) => c.toLowerCase())
    .pipe(z.enum(AUDIO_CODECS, { error: 'codec must be opus or wav' })),
});
export const AudioQuerySchema = z.object({
  jobId: z.coerce
    .number({ error: 'jobId must be a whole number' })
    .int('jobId must be a whole number')
    .positive('jobId must be a positive whole number'),
});

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
export const CreateAudioFacilityParamsSchema = z.object({
  clientFacilityId: z.coerce
    .number({ error: 'clientFacilityId must be a whole number' })
    .int('clientFacilityId must be a whole number')
    .positive('clientFacilityId must be a positive whole number'),
});

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
  clientFacilityId: z.coerce
    .number({ error: 'Choose a client facility' })
    .int()
    .positive('Choose a client facility'),
  dictatorId: z.coerce.number({ error: 'Choose a dictator' }).int().positive('Choose a dictator'),
  workTypeId: z.coerce.number({ error: 'Choose a work type' }).int().positive('Choose a work type'),
  /** Optional: the patient's MRN (PID 3.1) in the facility's corporate structure. */
  patientMrn: z.string().trim().max(50).optional(),
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
