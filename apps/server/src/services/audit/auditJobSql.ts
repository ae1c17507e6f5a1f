import { type SQL, sql } from 'drizzle-orm';
import type { Auth } from '../auth/auth.js';

/**
 * The INSERT of a job's audit row for a write done in ONE statement (bookoutjob, cancelbooking):
 * a data-modifying CTE of that statement, so the row commits with the write or not at all, like
 * auditJob inside a transaction. `from` is a query of the same statement answering job_id,
 * corporate_structure_id, patient_id and detail (jsonb; ids and counts only) — one row per audit
 * row, none when the write did nothing.
 */
export function auditJobInsert(auth: Auth, action: string, ip: string | null, from: SQL): SQL {
  return sql`insert into audit_log (action, outcome, user_id, account_id, corporate_structure_id, job_id, patient_id, ip, detail)
    select ${action}, 'success', ${auth.userId}::int, ${auth.accountId}::int, s.corporate_structure_id, s.job_id, s.patient_id, ${ip}::inet, s.detail
    from (${from}) s`;
}
