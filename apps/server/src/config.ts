import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { DOCUMENT_LIMIT_DEFAULTS as DOC, ORPHAN_BLOBS } from '@quill/core';
import { z } from 'zod';
import { MAX_DEPTH_SETTING } from './documents/limits.js';

/** An IPv4 or IPv6 address, optionally with a /prefix (a CIDR range). */
function isProxyAddress(text: string): boolean {
  const [address, prefix, ...rest] = text.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * Every setting of the server, read from the environment and validated here. The README's
 * configuration table lists the same names and defaults.
 */
export const ConfigSchema = z.object({
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('./data'),
  /** postgres://… selects PostgreSQL; unset: PGlite under DATA_DIR/db. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  BLOB_STORE: z.enum(['fs']).default('fs'),
  /**
   * Blob files no row references are removed once unmodified this long (issue 41): a newer one may
   * belong to a transaction in flight. 0 only where nothing writes meanwhile (tests, maintenance).
   */
  BLOB_ORPHAN_GRACE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(365 * 86_400)
    .default(ORPHAN_BLOBS.graceSeconds),
  /** The legacy host (fftmBaseUrl). Unset: this server answers the legacy paths itself. */
  LEGACY_BASE_URL: z.url().optional(),
  /** What Help opens. Unset: Quill's own user guide (docs/user-guide.md) at /help. */
  DOCUMENTATION_URL: z.url().optional(),
  /** Where a user who is not signed in is sent: local (user name and password) or oidc. */
  AUTH_SCHEME: z.enum(['local', 'oidc']).default('local'),
  /** OpenID Connect: issuer URL, client id and secret; the redirect URI is PUBLIC_URL + callback. */
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** Claim matched against the user name for users not yet linked (default preferred_username). */
  OIDC_USERNAME_CLAIM: z.string().default('preferred_username'),
  /** The identity provider's name as users know it ("Confirm with …" when signing, issue 43). */
  OIDC_PROVIDER_NAME: z.string().trim().min(1).max(60).optional(),
  /** The address browsers use to reach Quill (for the OIDC redirect URI); default from the request. */
  PUBLIC_URL: z.url().optional(),
  SESSION_IDLE_SECONDS: z.coerce.number().int().min(10).default(240),
  SESSION_ABSOLUTE_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(12 * 3600),
  BOOKING_TTL_SECONDS: z.coerce.number().int().min(10).default(600),
  /**
   * Resolved sessions kept in the process (issue 24, services/auth/sessionCache.ts): at most this
   * many, least recently used dropped; 0 resolves every call from the database.
   */
  SESSION_CACHE_ENTRIES: z.coerce.number().int().min(0).max(1_000_000).default(10_000),
  /** The longest a cached session is served without reading it again, notifications or not. */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(1).max(300).default(30),
  /**
   * Job views and job data kept in the process per kind, each served only while the job's stamp
   * is unchanged (issue 24, services/jobEditor/jobViewCache.ts); least recently used dropped; 0
   * builds every answer from the database.
   */
  JOB_VIEW_CACHE_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(5_000),
  /**
   * The attachments service browsers call (spec 02 §7 `{host}/Attachments/v1/…`): a separate
   * deployment of it. Unset: this server (PUBLIC_URL, or the address the browser used).
   */
  ATTACHMENTS_BASE_URL: z.url().optional(),
  /** Origins of Quill web apps that may call this server's attachments service from the browser (CORS). */
  ATTACHMENTS_CORS_ORIGINS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim().replace(/\/+$/, ''))
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^https?:\/\/[^/\s]+$/,
            'ATTACHMENTS_CORS_ORIGINS: origins like https://quill.example.org, comma-separated',
          ),
      ),
    )
    .optional(),
  /** How long an attachments credential (GetAttachmentApiCredentials) works, in seconds. */
  ATTACHMENT_CREDENTIAL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  /**
   * Word documents (issue 22): the discovery document of a WOPI client (Collabora Online,
   * ONLYOFFICE Docs, Office Online Server), e.g. https://collabora.example.org/hosting/discovery.
   * Unset: Quill's own WOPI client page opens the documents.
   */
  WOPI_DISCOVERY_URL: z.url().optional(),
  /**
   * The address WOPI clients reach this server at (their WOPISrc), when it is not the browsers'
   * (e.g. http://quill:8080 inside a container network). Unset: PUBLIC_URL, else the browser's.
   */
  WOPI_HOST_URL: z.url().optional(),
  /** How long a WOPI access token (getwordauth) works, in seconds. */
  WOPI_TOKEN_SECONDS: z.coerce.number().int().min(30).max(86_400).default(600),
  /** Run the task worker inside the server process (embedded mode). */
  IN_PROCESS_WORKER: bool.default(true),
  /**
   * Seed the demo data on the first start of an empty database (issue 45: only when asked —
   * `npm start`, the demo, sets it; `npm run serve` and `npm run worker` never seed otherwise).
   */
  DEMO_SEED: bool.default(false),
  /**
   * Apply the database migrations at start (issue 45), under a lock so that servers starting
   * together migrate once. Unset: yes, but not with NODE_ENV=production, where `npm run migrate`
   * migrates and a server on an older schema refuses to start.
   */
  MIGRATE_ON_START: bool.optional(),
  /** Number of jobs the first-start demo seed creates. */
  DEMO_JOBS: z.coerce.number().int().min(0).max(1_000_000).default(5000),
  /**
   * Issue 43: where electronic deliveries go until the interface of issue 44 takes them — one
   * CDA, PDF and JSON envelope per delivery (default: DATA_DIR/electronic-outbox).
   */
  ELECTRONIC_OUTBOX_DIR: z.string().min(1).optional(),
  /**
   * Issue 44: the hospital interfaces (HL7 v2 over MLLP), a JSON file matching @quill/core's
   * InterfacesFileSchema, read and checked at start (interop/interfacesFile.ts): inbound ones get a
   * listener, outbound ones take the electronic deliveries of the facilities they map. Unset: none.
   */
  HL7_INTERFACES_FILE: z.string().min(1).optional(),
  /** How faxes leave: outbox (files under DATA_DIR/fax-outbox), smtp (email-to-fax) or hylafax. */
  FAX_TRANSPORT: z.enum(['outbox', 'smtp', 'hylafax']).default('outbox'),
  /** smtp transport: the mail server, e.g. smtp://user:password@mail.example.org:587. */
  FAX_SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]/, 'FAX_SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  /** smtp transport: the sender address the gateway accepts. */
  FAX_SMTP_FROM: z.email('FAX_SMTP_FROM must be an email address').optional(),
  /** smtp transport: the gateway's domain; a fax to 2015550123 goes to 2015550123@FAX_SMTP_DOMAIN. */
  FAX_SMTP_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'FAX_SMTP_DOMAIN must be a domain name such as fax.example.org')
    .optional(),
  /** hylafax transport: HylaFAX's sendfax and faxstat commands, and the fax server (default local). */
  FAX_SENDFAX_PATH: z.string().default('sendfax'),
  FAX_FAXSTAT_PATH: z.string().default('faxstat'),
  FAX_HYLAFAX_HOST: z.string().optional(),
  /** Retries of a fax after its first attempt, the first wait (doubling each time) and one try's limit. */
  FAX_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5),
  FAX_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  FAX_SEND_TIMEOUT_SECONDS: z.coerce.number().int().min(2).max(3600).default(300),
  /** Automatic deliveries (issue 43) one worker process makes at once. */
  DELIVERY_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  /**
   * The certificate that PAdES-signs the distributed PDF of a signed job (issue 43): a PKCS#12 file
   * (.p12/.pfx with the private key and its chain) and its password. Unset: a self-signed one made
   * at first start and kept in the database, shared by every process (services/documents/pdfSigningCertificate.ts).
   */
  SIGNING_P12_FILE: z.string().min(1).optional(),
  SIGNING_P12_PASSWORD: z.string().optional(),
  /**
   * Speech-recognition drafts (issue 27): `pocketsphinx` (Debian's, run as a child process), `http`
   * (any server speaking the OpenAI-compatible POST /v1/audio/transcriptions at ASR_URL) or `none`.
   */
  ASR_ENGINE: z.enum(['pocketsphinx', 'http', 'none']).default('pocketsphinx'),
  /** http engine: the recognizer's base URL, e.g. http://whisper:8080 (…/v1/audio/transcriptions is added). */
  ASR_URL: z.url().optional(),
  /** http engine: the `model` field of the request. */
  ASR_MODEL: z.string().min(1).max(200).default('whisper-1'),
  /** http engine: sent as `Authorization: Bearer …` when set (a cloud provider's key). */
  ASR_API_KEY: z.string().optional(),
  /** The limit of one recognition (conversion included); past it the try fails and is retried. */
  ASR_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(1800).default(600),
  /** How often the task queue looks for tasks of a worker that died (and retries them). */
  TASK_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /** Seconds between worker heartbeat tasks; the health check wants one within a minute. */
  WORKER_HEARTBEAT_SECONDS: z.coerce.number().min(1).max(50).default(20),
  /**
   * Bounds on uploaded and stored documents (CDA, DOCX, XLSX), checked while inflating and
   * scanning, before any tree is built: over a size bound 413, over a structure bound 400.
   */
  DOCUMENT_MAX_XML_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .default(DOC.maxXmlBytes),
  DOCUMENT_MAX_PART_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .default(DOC.maxPartBytes),
  DOCUMENT_MAX_INFLATED_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .default(DOC.maxInflatedBytes),
  DOCUMENT_MAX_PARTS: z.coerce.number().int().min(4).default(DOC.maxParts),
  DOCUMENT_MAX_ELEMENTS: z.coerce.number().int().min(100).default(DOC.maxElements),
  DOCUMENT_MAX_ATTRIBUTES: z.coerce.number().int().min(8).default(DOC.maxAttributes),
  DOCUMENT_MAX_DEPTH: z.coerce.number().int().min(16).max(MAX_DEPTH_SETTING).default(DOC.maxDepth),
  /** Threads that read and render documents off the event loop. Unset: the cores less one, at least 1. */
  DOCUMENT_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** How long one document job may run on a thread before it is stopped (422). */
  DOCUMENT_JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(DOC.jobTimeoutSeconds),
  /** The heap of one document thread (MB); a document that needs more is refused (413). */
  DOCUMENT_WORKER_MEMORY_MB: z.coerce.number().int().min(64).max(16_384).default(DOC.workerMemoryMb),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `json`: one JSON object a line (production, log pipelines); `text`: readable lines (npm start). */
  LOG_FORMAT: z.enum(['json', 'text']).default('json'),
  /**
   * Which X-Forwarded-For / X-Forwarded-Proto to believe (issue 23): `false` (none), a count of
   * trusted proxy hops in front of the server (`1`: one load balancer), or a comma-separated list
   * of proxy addresses or CIDR ranges. Never every sender: `true` means one hop.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx): false | number | string[] => {
      const value = v.trim().toLowerCase();
      if (['false', 'no', '0'].includes(value)) return false;
      if (['true', 'yes'].includes(value)) return 1;
      if (/^\d+$/.test(value)) return Math.min(Number(value), 32);
      const list = value
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);
      const bad = list.filter((x) => !isProxyAddress(x));
      if (list.length === 0 || bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `TRUST_PROXY must be false, a number of proxy hops, or proxy addresses or CIDR ranges separated by commas; not ${bad.join(', ') || v}`,
        });
        return z.NEVER;
      }
      return list;
    }),
  /**
   * Session and CSRF cookies carry Secure: always when true, only over https when false. Unset: true
   * when NODE_ENV is production, false otherwise.
   */
  SESSION_COOKIE_SECURE: bool.optional(),
  /** `production` turns SESSION_COOKIE_SECURE on unless it is set to false. */
  NODE_ENV: z.string().optional(),
  APP_VERSION: z.string().optional(),
});

export type Config = z.infer<typeof ConfigSchema> & {
  dataDir: string;
  /** Whether cookies carry Secure on plain http too (SESSION_COOKIE_SECURE, NODE_ENV). */
  secureCookies: boolean;
  /** Whether this process applies the migrations at start (MIGRATE_ON_START, NODE_ENV). */
  migrateOnStart: boolean;
};

/** Settings that are only required together with another one (e.g. FAX_SMTP_URL for smtp faxing). */
function dependentSettingIssues(c: z.infer<typeof ConfigSchema>): string[] {
  const issues: string[] = [];
  if (c.ASR_ENGINE === 'http' && !c.ASR_URL) issues.push('  ASR_URL: required when ASR_ENGINE is http');
  if (c.SIGNING_P12_FILE && c.SIGNING_P12_PASSWORD === undefined)
    issues.push('  SIGNING_P12_PASSWORD: required when SIGNING_P12_FILE is set');
  if (c.FAX_TRANSPORT === 'smtp') {
    for (const name of ['FAX_SMTP_URL', 'FAX_SMTP_FROM', 'FAX_SMTP_DOMAIN'] as const) {
      if (!c[name]) issues.push(`  ${name}: required when FAX_TRANSPORT is smtp`);
    }
  }
  return issues;
}

/** Reads the configuration; throws one readable error listing every bad setting. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const dependent = dependentSettingIssues(parsed.data);
  if (dependent.length) throw new Error(`Invalid configuration:\n${dependent.join('\n')}`);
  const production = parsed.data.NODE_ENV === 'production';
  const secureCookies = parsed.data.SESSION_COOKIE_SECURE ?? production;
  const migrateOnStart = parsed.data.MIGRATE_ON_START ?? !production;
  return { ...parsed.data, dataDir: resolve(parsed.data.DATA_DIR), secureCookies, migrateOnStart };
}

/** Test and tool helper: a configuration from explicit values on top of the defaults. */
export function configWith(values: Record<string, string | undefined>): Config {
  return loadConfig(values);
}
