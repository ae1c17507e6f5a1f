import {
  AUDIO_CONTENT_TYPES,
  AudioOptionsSchema,
  AudioParamsSchema,
  AudioPlayedSchema,
  AudioQuerySchema,
  CreateAudioChoicesSchema,
  CreateAudioFacilitiesSchema,
  CreateAudioFacilityParamsSchema,
  CreateAudioFieldsSchema,
  CreateAudioResponseSchema,
} from '../audio.js';
import { type Endpoint, endpoint } from '../endpoint.js';

/** Dictation audio and Create with Audio (spec 01 §7 "Documents and audio"). */
export const AUDIO = {
  /** Spec 01 §7: streams one rendition of a job's dictation, with Range support. */
  stream: endpoint({
    method: 'GET',
    path: '/api/Audio/{codec}',
    tags: ['audio'],
    params: AudioParamsSchema,
    query: AudioQuerySchema,
    produces: Object.values(AUDIO_CONTENT_TYPES),
  }),
  /** Spec 01 §3 "Audio options": a job's renditions, the URL to stream and the enabled buttons. */
  options: endpoint({
    method: 'GET',
    path: '/api/job/audiooptions',
    tags: ['audio'],
    query: AudioQuerySchema,
    answer: AudioOptionsSchema,
  }),
  /**
   * Issue 39: the player started playing the job's dictation (its first play on the page), audited
   * as "Played the audio" — loading the player only streams the start ("Loaded the audio").
   */
  played: endpoint({
    method: 'POST',
    path: '/api/job/audioplayed',
    tags: ['audio'],
    query: AudioQuerySchema,
    answer: AudioPlayedSchema,
  }),
  /** Create with Audio: the client facilities the account may create jobs in. */
  createFacilities: endpoint({
    method: 'GET',
    path: '/api/audio/createoptions',
    tags: ['audio'],
    answer: CreateAudioFacilitiesSchema,
  }),
  /** Create with Audio: the dictators and work types of one client facility. */
  createChoices: endpoint({
    method: 'GET',
    path: '/api/audio/createoptions/{clientFacilityId}',
    tags: ['audio'],
    params: CreateAudioFacilityParamsSchema,
    answer: CreateAudioChoicesSchema,
  }),
  /** Create with Audio: a new job from a recording (multipart: CreateAudioFieldsSchema + `file`). */
  createWithAudio: endpoint({
    method: 'POST',
    path: '/api/audio/createwithaudio',
    tags: ['audio'],
    consumes: 'multipart/form-data',
    fields: CreateAudioFieldsSchema,
    status: 201,
    answer: CreateAudioResponseSchema,
  }),
} satisfies Record<string, Endpoint>;
