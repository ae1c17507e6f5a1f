/**
 * Business constants and limits of spec 01 §9 and spec 02 §9, in one place for server and web.
 */
export const LIMITS = {
  /** Spec 01 §9: idle timer 130 s (heartbeat interval 120 s plus 10 ms). */
  idleSeconds: 130,
  heartbeatIntervalMs: 120_010,
  /** Spec 01 §9: remaining-seconds reset. */
  sessionResetSeconds: 240,
  /** Spec 01 §9: the Session Timeout modal shows at this many seconds or fewer. */
  sessionWarnSeconds: 120,
  maxBulkJobs: 10,
  pageSizes: [10, 25, 50, 100] as const,
  defaultPageSize: 10,
  inlinePdfMaxBytes: 1_536_000,
  toastTimeoutMs: 10_000,
  maxToasts: 3,
  searchDebounceMs: 300,
  tooltipDelayMs: 450,
  faxSearchLimit: 300,
  faxSearchShown: 3,
  healthCheckTimeoutMs: 60_000,
  attachmentMaxRangeDays: 180,
  externalEditCloseDelayMs: 3000,
  adtSearchMinChars: 2,
} as const;

/** Spec 01 §5/§9: application settings, their defaults and minimums. */
export const APPLICATION_SETTING_DEFAULTS = {
  jobCountUpdateIntervalSeconds: 180,
  jobListDataBatchSize: 4,
  jobListCountBatchSize: 4,
} as const;

export const APPLICATION_SETTING_MINIMUMS = {
  jobCountUpdateIntervalSeconds: 30,
  jobListDataBatchSize: 1,
  jobListCountBatchSize: 1,
} as const;

/** Spec 01 §1: member types. */
export const MEMBER_TYPES = { invalid: 0, dictator: 1, transcriptionist: 2, manager: 3 } as const;
export type MemberType = (typeof MEMBER_TYPES)[keyof typeof MEMBER_TYPES];

/** Spec 01 §4: queue names. */
export const QUEUE_NAMES = ['pending', 'hq', 'failed', 'all'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/**
 * The largest id (and whole number) a request may carry: PostgreSQL's `integer`, 2³¹ − 1. Ids are
 * 1 … MAX_ID, written in decimal digits (contract/ids.ts).
 */
export const MAX_ID = 2_147_483_647;
