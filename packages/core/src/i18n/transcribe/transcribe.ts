/** Transcribe in Quill (issue 27): starting a document on an audio-only job, spread into enUS as `transcribe.start.*`. */
export const TRANSCRIBE_MESSAGES = {
  button: 'Transcribe',
  hasText: 'Job {{jobId}} already has a document; open it to edit its text.',
  noAudio: 'Job {{jobId}} has no dictation audio to transcribe.',
  draftBanner:
    'Draft from speech recognition: highlighted text came from the recognizer and has not been checked yet.',
  recognizedTitle: 'From speech recognition, not yet checked: editing this paragraph marks it checked',
  templateBanner: 'New document from the {{workType}} template. Type the dictation into its sections.',
  defaultWorkType: 'default',
} as const;
