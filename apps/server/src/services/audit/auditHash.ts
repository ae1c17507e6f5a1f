import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';

/** The hash before the first row of the chain. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * The columns of an audit row as the chain hashes them, every one as text so that PGlite and
 * PostgreSQL give the same characters: ids as decimals, the time in UTC to the microsecond, the
 * address as PostgreSQL writes it and `detail` as jsonb's own (normalised) text. `a` is audit_log.
 */
export const AUDIT_ROW_TEXT: SQL = sql.raw(`a.id::text as id,
  to_char(a.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at,
  a.user_id::text as user_id, a.account_id::text as account_id,
  a.corporate_structure_id::text as corporate_structure_id, a.action, a.outcome,
  a.job_id::text as job_id, a.patient_id::text as patient_id, a.ip::text as ip, a.detail::text as detail`);

/** One audit row as AUDIT_ROW_TEXT selects it. */
export interface AuditRowText {
  id: string;
  at: string;
  user_id: string | null;
  account_id: string | null;
  corporate_structure_id: string | null;
  action: string;
  outcome: string;
  job_id: string | null;
  patient_id: string | null;
  ip: string | null;
  detail: string;
}

/** SHA-256 (hex) of the previous row's hash and the canonical serialisation of this row's columns. */
export function auditRowHash(prevHash: string, row: AuditRowText): string {
  const canonical = JSON.stringify([
    row.id,
    row.at,
    row.user_id,
    row.account_id,
    row.corporate_structure_id,
    row.action,
    row.outcome,
    row.job_id,
    row.patient_id,
    row.ip,
    row.detail,
  ]);
  return createHash('sha256').update(prevHash).update('\n').update(canonical).digest('hex');
}

/** The rows of a raw statement's result, PGlite or PostgreSQL. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
