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
  /** Longest text the job list's search box takes (and its Excel export carries, issue 39). */
  jobListSearchMax: 200,
  tooltipDelayMs: 450,
  faxSearchLimit: 300,
  faxSearchShown: 3,
  /**
   * Issue 41: the key a fax request carries (the dialog makes one per send and sends it again on a
   * retry): at most this many letters, digits, `-` and `_`; its first answer is kept this long.
   */
  faxRequestKeyMax: 64,
  faxRequestKeyHours: 24,
  healthCheckTimeoutMs: 60_000,
  attachmentMaxRangeDays: 180,
  externalEditCloseDelayMs: 3000,
  adtSearchMinChars: 2,
  /** Issue 43: the To sign queue answers at most this many rows (and the full count). */
  toSignPage: 500,
} as const;

/**
 * Issue 43: a fresh OIDC authentication stands for the password asked again at a signature. The
 * identity provider must report the user authenticated (`auth_time`) at most `authTimeSeconds`
 * before the ID token reaches Quill (prompt=login and max_age=0 ask it for a new sign-in); the
 * session may then sign once, within `freshSeconds` of that confirmation.
 */
export const SIGNING_REAUTH = {
  authTimeSeconds: 120,
  freshSeconds: 300,
} as const;

/**
 * Bounds on the documents the server reads (CDA, DOCX, XLSX), the defaults of the DOCUMENT_*
 * settings (apps/server/src/config.ts, README). A real discharge summary is far below each: the
 * shared CDA fixtures hold at most a few thousand elements, 12 levels deep, under 200 KB.
 */
export const DOCUMENT_LIMIT_DEFAULTS = {
  /** A CDA document, or one XML part of a DOCX/XLSX package, inflated (bytes). */
  maxXmlBytes: 8 * 1024 * 1024,
  /** Any other part of a DOCX/XLSX package, inflated (bytes): images, embedded files. */
  maxPartBytes: 32 * 1024 * 1024,
  /** All parts of one package together, inflated (bytes). */
  maxInflatedBytes: 128 * 1024 * 1024,
  /** Parts in one package. */
  maxParts: 5_000,
  /** Elements in one XML document or part. */
  maxElements: 100_000,
  /** Attributes on one element (Word's root element declares ~40 namespaces). */
  maxAttributes: 256,
  /** Nesting depth of elements. */
  maxDepth: 128,
  /** How long one document job (read, check, render) may run on a pool thread (seconds). */
  jobTimeoutSeconds: 30,
  /**
   * The heap one pool thread may use (MB); a document that needs more is refused. A document at
   * every NARRATIVE_LIMITS bound opens, saves and renders within it, even on the test suite's
   * threads that compile their sources (docs/decisions.md "Server memory").
   */
  workerMemoryMb: 160,
  /** Pool threads at most by default, whatever the cores: the process's memory budget holds them. */
  maxThreads: 2,
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
 * The audit trail (issue 23, docs/decisions.md "Tamper-evident audit trail"): how often the server
 * seals committed audit rows into the hash chain, how many one pass seals, and the page size of a
 * job's trail in the job view.
 */
export const AUDIT_TRAIL = {
  sealIntervalMs: 1000,
  sealBatch: 2000,
  /** An audit row waiting longer than this to be sealed fails the health page's sealing check (issue 41). */
  sealLagMaxMs: 5 * 60_000,
  pageSize: 50,
  /** Largest number of rows one export of a job's trail holds. */
  exportMaxRows: 10_000,
} as const;

/**
 * Issue 23: sign-in throttling. Per user name (as typed, whether or not the user exists) a few free
 * failures, then a doubling delay, then a lock that a right password does not lift; per client
 * address a much higher limit, so one user's mistakes never lock the others behind the same NAT.
 */
export const SIGN_IN_THROTTLE = {
  user: {
    /** Failures that wait for nothing. */
    freeFailures: 5,
    /** The wait after the first failure beyond the free ones; it doubles with each further failure. */
    firstDelayMs: 1_000,
    /** At this many failures the user name is locked for `lockMs`. */
    lockFailures: 10,
    lockMs: 15 * 60_000,
    /** A count starts over this long after its first failure. */
    windowMs: 15 * 60_000,
  },
  /** No growing delay for an address: it is locked at once when its limit is reached. */
  address: {
    freeFailures: 100,
    firstDelayMs: 15 * 60_000,
    lockFailures: 100,
    lockMs: 15 * 60_000,
    windowMs: 15 * 60_000,
  },
} as const;
export type SignInThrottleScope = keyof typeof SIGN_IN_THROTTLE;

/**
 * Issue 23: how long the server waits on PostgreSQL before a call answers 503 (a database that is
 * down answers every call within 2 s), and how often it probes the connections it keeps.
 */
export const DATABASE_LIMITS = {
  /** Opening a connection: longer means the database is down or unreachable (503). */
  connectTimeoutMs: 1_500,
  /**
   * Waiting for a free connection of the pool: a burst of calls queues for one, and that is no
   * outage (issue 24: 1,000 concurrent reads waited more than 1.5 s and answered 503).
   */
  poolWaitMs: 15_000,
  /** TCP keep-alive on idle connections, so a vanished server is noticed. */
  keepAliveDelayMs: 10_000,
  /**
   * Issue 41: a database that stops answering without closing its connections (a frozen VM, a
   * network partition). The server asks `select 1` on a connection of its own every
   * `watchIntervalMs`; no answer within `answerTimeoutMs`, and no other statement finished in that
   * time, means the database is not answering: every call in flight and every new one answers 503
   * at once, until it answers again (apps/server/src/db/databaseWatch.ts). In flight: about
   * interval + timeout (1.05–1.2 s) after the database stopped.
   */
  watchIntervalMs: 250,
  answerTimeoutMs: 800,
} as const;

/**
 * The largest id (and whole number) a request may carry: PostgreSQL's `integer`, 2³¹ − 1. Ids are
 * 1 … MAX_ID, written in decimal digits (contract/ids.ts).
 */
export const MAX_ID = 2_147_483_647;

/**
 * Issue 41: files in the blob store that no row references (written before a transaction that
 * then failed, or a process killed between the file and its row) are removed by a periodic task
 * (apps/server/src/services/blobs/sweepOrphanBlobs.ts; docs/decisions.md "Orphan blob files").
 */
export const ORPHAN_BLOBS = {
  /**
   * A file modified more recently than this is never removed: it may belong to a transaction still
   * in flight (BLOB_ORPHAN_GRACE_SECONDS overrides it).
   */
  graceSeconds: 24 * 3600,
  /** One sweep per this many seconds across every server and worker (the queue deduplicates). */
  intervalSeconds: 3600,
  /** Files one run looks at; a run that stops there hands on to the next with where it stopped. */
  filesPerRun: 20_000,
  /** Files checked against the database with one query per referencing column. */
  checkBatch: 500,
} as const;
