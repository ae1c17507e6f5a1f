/** Turnaround time: list columns, STAT highlight, the TAT export (issue 27), spread into enUS as `transcribe.tat.*`. */
export const TAT_MESSAGES = {
  /** The job list's optional TAT columns (also spread into `jobList.columns`, the list's headings). */
  columns: {
    tatFirstText: 'TAT to first text',
    tatFinished: 'TAT to finished',
  },
  /** The unit letters of a compact duration (rules/reports/turnaroundDuration): `1h 05m`, `2d 3h`, `45m`. */
  units: { days: 'd', hours: 'h', minutes: 'm' },
  /** A STAT row past its facility's target turnaround: read by screen readers, and its title. */
  pastTarget: 'past target turnaround',
  pastTargetTitle: 'STAT job past its target turnaround of {{target}}',
} as const;
