/** Speech-recognition drafts (issue 27), spread into enUS as `transcribe.asr.*`. */
export const ASR_MESSAGES = {} as const;
