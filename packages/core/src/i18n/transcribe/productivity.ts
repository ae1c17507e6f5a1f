/** The transcriptionist's productivity page (issue 27), spread into enUS as `transcribe.productivity.*`. */
export const PRODUCTIVITY_MESSAGES = {} as const;
