import { CreateAudioFieldsSchema, MAX_AUDIO_UPLOAD_BYTES } from '@quill/core/contract/audio';
import type { CreateAudioFacility } from './createAudioApi';

/** What the Create with Audio form holds. */
export interface CreateAudioValues {
  clientFacilityId: string | null;
  dictatorId: string | null;
  workTypeId: string | null;
  patientMrn: string;
  stat: boolean;
  file: File | null;
}

export type CreateAudioField = 'clientFacilityId' | 'dictatorId' | 'workTypeId' | 'patientMrn' | 'file';
export type CreateAudioErrors = Partial<Record<CreateAudioField, string>>;

export const EMPTY_CREATE_AUDIO: CreateAudioValues = {
  clientFacilityId: null,
  dictatorId: null,
  workTypeId: null,
  patientMrn: '',
  stat: false,
  file: null,
};

/** The files the picker offers (the server checks the content, not the name). */
export const ACCEPTED_AUDIO = '.wav,.mp3,.ogg,.opus,.m4a';

/** The upload limit in MB, for the messages. */
export const MAX_UPLOAD_MB = Math.round(MAX_AUDIO_UPLOAD_BYTES / (1024 * 1024));

/** The form fields as the server reads them (the contract's CreateAudioFieldsSchema). */
function fields(values: CreateAudioValues) {
  const mrn = values.patientMrn.trim();
  return {
    clientFacilityId: values.clientFacilityId ?? '',
    dictatorId: values.dictatorId ?? '',
    workTypeId: values.workTypeId ?? '',
    ...(mrn ? { patientMrn: mrn } : {}),
    stat: values.stat ? 'true' : 'false',
  };
}

/**
 * Checks the form before it is sent, with the contract's own schema (so the messages are the
 * server's: 'Choose a client facility', …) and the file: present and within the limit. The file's
 * content (wav, mp3, ogg/opus or m4a by its first bytes) is the server's to check.
 */
export function validateCreateAudio(
  values: CreateAudioValues,
  messages: { noFile: string; tooLarge: string },
): CreateAudioErrors {
  const errors: CreateAudioErrors = {};
  const parsed = CreateAudioFieldsSchema.safeParse(fields(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as CreateAudioField | undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (!values.file) errors.file = messages.noFile;
  else if (values.file.size > MAX_AUDIO_UPLOAD_BYTES) errors.file = messages.tooLarge;
  return errors;
}

/** The multipart body: the fields first, then the recording as `file`. */
export function createAudioFormData(values: CreateAudioValues): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields(values))) form.append(name, value);
  if (values.file) form.append('file', values.file, values.file.name);
  return form;
}

/** 1536 → "1.5 KB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The catalogue messages the server may answer with, as the form shows them. */
export interface ServerMessages {
  noFile: string;
  tooLarge: string;
  unsupportedFile: string;
  unknownDictator: string;
  unknownWorkType: string;
  facilityNotFound: string;
  patientNotFound: string;
}

/**
 * The field a failed upload's answer is about (its message is one of the catalogue's, or 413 is
 * the file); undefined when it names none (shown above the Create button).
 */
export function serverErrorField(
  error: { status: number; message: string },
  messages: ServerMessages,
): CreateAudioField | undefined {
  if (error.status === 413) return 'file';
  const byField: [CreateAudioField, string][] = [
    ['file', messages.unsupportedFile],
    ['file', messages.tooLarge],
    ['file', messages.noFile],
    ['dictatorId', messages.unknownDictator],
    ['workTypeId', messages.unknownWorkType],
    ['clientFacilityId', messages.facilityNotFound],
    ['patientMrn', messages.patientNotFound],
  ];
  return byField.find(([, message]) => message === error.message)?.[0];
}

/**
 * The facilities as Select options, grouped by corporate structure (labelled with its
 * companyNameId) when there are several.
 */
export function facilityOptions(facilities: CreateAudioFacility[]) {
  const structures = new Map<number, { group: string; items: { value: string; label: string }[] }>();
  for (const f of facilities) {
    const structure = structures.get(f.corporateStructureId) ?? { group: f.companyNameId, items: [] };
    structure.items.push({ value: String(f.id), label: f.name });
    structures.set(f.corporateStructureId, structure);
  }
  if (structures.size <= 1) return facilities.map((f) => ({ value: String(f.id), label: f.name }));
  return [...structures.values()];
}
