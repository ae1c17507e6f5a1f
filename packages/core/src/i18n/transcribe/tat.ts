/** Turnaround time: list columns, STAT highlight, the TAT export (issue 27), spread into enUS as `transcribe.tat.*`. */
export const TAT_MESSAGES = {} as const;
