/**
 * The transcriptionist's productivity page and the managers' turnaround report (issue 27), spread
 * into enUS as `transcribe.productivity.*`; the two menu entries as `nav.*`
 * ({@link PRODUCTIVITY_NAV_MESSAGES}, whose keys are the navigation's link ids).
 */
export const PRODUCTIVITY_NAV_MESSAGES = {
  tatReport: 'Turnaround report',
  myProductivity: 'My productivity',
} as const;

export const PRODUCTIVITY_MESSAGES = {
  /** My productivity (`/productivity`). */
  title: 'My productivity',
  intro: 'Your work as {{account}} today, {{day}} ({{timeZone}}, your computer’s time zone).',
  loading: 'Loading your figures…',
  loadFailed: 'Your figures could not be loaded: {{reason}}',
  retry: 'Try again',
  figuresLabel: 'Today’s figures',
  jobsDone: 'Jobs done today',
  jobsDoneHint: 'Jobs whose first text you saved today.',
  linesPerHour: 'Lines per hour',
  linesPerHourHint:
    'On today’s jobs: {{lines}} lines in {{time}} from each job’s start to your last save of it. A line is {{chars}} characters.',
  linesPerHourNone: 'Not measured yet: it needs at least a minute of typing on a job you started today.',
  linesTyped: '{{lines}} lines typed today on all jobs, corrections included.',
  averageTat: 'Average turnaround',
  averageTatHint: 'Dictation to first text of today’s jobs.',
  averageTatWeek_one: 'Last 7 days: {{time}} over {{count}} job.',
  averageTatWeek_other: 'Last 7 days: {{time}} over {{count}} jobs.',
  averageTatWeekNone: 'No job of yours in the last 7 days.',
  notMeasured: 'None yet',
  empty: 'You have not saved any typed text today. Your figures appear here after your first save.',
  timeZoneUnknown: 'tz must be a time zone such as America/Chicago.',

  /** The turnaround report (`/reports/turnaround`) and its Excel file. */
  report: {
    title: 'Turnaround report',
    intro:
      'Turnaround per work type and transcriptionist of the jobs dictated from From to To (days of the facility’s clock), as an Excel file. It names no patient.',
    facility: 'Facility',
    from: 'From',
    to: 'To',
    download: 'Download',
    downloading: 'Preparing the report…',
    downloaded: 'The turnaround report was downloaded.',
    failed: 'The report could not be made: {{reason}}',
    noFacilities: 'Your account sees no client facility.',
    notPermitted: 'The turnaround report needs the User Add permission.',
    dateRequired: 'Enter From and To as dates.',
    toBeforeFrom: 'To must be the same day as From or later.',
    rangeTooLong: 'A report covers at most {{max}} days: choose a shorter range.',
    sheet: 'Turnaround',
    columns: {
      workType: 'Work type',
      transcriptionist: 'Transcriptionist',
      jobs: 'Jobs dictated',
      withText: 'Jobs with text',
      averageToFirstText: 'Average hours, dictation to first text',
      medianToFirstText: 'Median hours, dictation to first text',
      finished: 'Jobs finished',
      averageToFinished: 'Average hours, dictation to finished',
      statJobs: 'STAT jobs',
      statPastTarget: 'STAT jobs past target',
    },
    noWorkType: '(no work type)',
    noTranscriptionist: '(no text typed in Quill)',
    aboutSheet: 'About',
    about: {
      facility: 'Facility',
      corporateStructure: 'Corporate structure',
      from: 'From',
      to: 'To',
      timeZone: 'Time zone',
      statTarget: 'STAT target (minutes, dictation to finished)',
      created: 'Created (UTC)',
      hours:
        'Times are hours with one decimal from the job’s dictation. A STAT job is past its target when it finished later than the target after dictation, or is still unfinished after it.',
    },
  },
} as const;
