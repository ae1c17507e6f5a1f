import type { Database } from '../../db/client.js';
import type { auditLog } from '../../db/schema/index.js';
import { JOB_STAMP_SQL } from '../jobEditor/jobStamp.js';

export type AuditRow = typeof auditLog.$inferInsert;

/** What a job read learns in the audit group's statement: what its row names, and the job's stamp. */
export interface AuditedJobRead {
  id: number;
  corporateStructureId: number;
  patientId: number | null;
  stamp: string;
}

/** The most rows one grouped statement writes; more wait for the next. */
const MOST_ROWS_PER_INSERT = 500;

/**
 * The grouped statement. The rows travel as one JSON parameter (building the insert with Drizzle
 * checked and bound every value of every row: 12 % of the server's time under a burst of reads).
 * A row with `structures` is a job read: it is written only if the job is one of those structures'
 * (the tenant check of requireJob), names the job's own structure and patient, and the statement
 * answers the job's stamp for it — in the same statement and transaction as the audit row.
 */
const GROUP_SQL = `with r as (
    select * from jsonb_to_recordset($1::jsonb) as r(k integer, action text, outcome text,
      user_id integer, account_id integer, corporate_structure_id integer, job_id bigint,
      patient_id integer, ip inet, detail jsonb, structures integer[])
  ),
  read as (
    select r.k, jobs.corporate_structure_id, jobs.patient_id, ${JOB_STAMP_SQL} as stamp
    from r join jobs on jobs.id = r.job_id and jobs.corporate_structure_id = any(r.structures)
  ),
  written as (
    insert into audit_log
      (action, outcome, user_id, account_id, corporate_structure_id, job_id, patient_id, ip, detail)
    select r.action, r.outcome, r.user_id, r.account_id,
      case when r.structures is null then r.corporate_structure_id else read.corporate_structure_id end,
      r.job_id,
      case when r.structures is null then r.patient_id else read.patient_id end,
      r.ip, r.detail
    from r left join read on read.k = r.k
    where r.structures is null or read.k is not null
    order by r.k
  )
  select k, corporate_structure_id, patient_id, stamp from read`;

interface Waiting {
  row: AuditRow;
  /** A job read: the structures the account may see. */
  structures?: readonly number[];
  done: (err: unknown, read?: AuditedJobRead) => void;
}

async function writeGroup(database: Database, group: Waiting[]): Promise<Map<number, AuditedJobRead>> {
  const json = group.map(({ row, structures }, k) => ({
    k,
    action: row.action,
    outcome: row.outcome,
    user_id: row.userId,
    account_id: row.accountId,
    corporate_structure_id: row.corporateStructureId,
    job_id: row.jobId,
    patient_id: row.patientId,
    ip: row.ip,
    detail: row.detail,
    structures: structures ?? null,
  }));
  const { rows } = await database.executeSql(GROUP_SQL, [JSON.stringify(json)]);
  const reads = new Map<number, AuditedJobRead>();
  for (const r of rows) {
    reads.set(Number(r.k), {
      id: Number(group[Number(r.k)]!.row.jobId),
      corporateStructureId: Number(r.corporate_structure_id),
      patientId: r.patient_id === null ? null : Number(r.patient_id),
      stamp: String(r.stamp),
    });
  }
  return reads;
}

/**
 * Group commit for the audit rows written outside a transaction (issue 24). A row is added to the
 * statement being prepared; the first row of a quiet moment is written at once, and the rows that
 * arrive while a statement is in flight are written together by the next one. Every caller's
 * promise settles only when the statement holding its row has committed, so a call still answers
 * only after its audit row is durable (ARCHITECTURE §5) — with one statement and one commit for
 * many calls instead of one each. A job read (the job view kept in memory) also learns its job's
 * stamp from that statement, so a read served from memory costs no statement of its own.
 */
export class AuditGroup {
  private waiting: Waiting[] = [];
  private writing = false;

  constructor(private readonly database: Database) {}

  /** Writes `row`; settles once it is committed. */
  add(row: AuditRow): Promise<void> {
    return new Promise((resolve, reject) => {
      this.enqueue({ row, done: (err) => (err === undefined ? resolve() : reject(err)) });
    });
  }

  /**
   * Writes `row` (a read of job `row.jobId`) if the job belongs to one of `structures`, naming the
   * job's own structure and patient, and answers what was written with the job's stamp; undefined
   * (and nothing written) for a job the account may not see.
   */
  readJob(row: AuditRow, structures: readonly number[]): Promise<AuditedJobRead | undefined> {
    return new Promise((resolve, reject) => {
      this.enqueue({
        row,
        structures,
        done: (err, read) => (err === undefined ? resolve(read) : reject(err)),
      });
    });
  }

  private enqueue(w: Waiting) {
    this.waiting.push(w);
    if (!this.writing) void this.writeAll();
  }

  private async writeAll() {
    this.writing = true;
    while (this.waiting.length > 0) {
      const group = this.waiting.splice(0, MOST_ROWS_PER_INSERT);
      try {
        const reads = await writeGroup(this.database, group);
        for (const [k, g] of group.entries()) g.done(undefined, reads.get(k));
      } catch (err) {
        // One row's failure (a reference to a row that was just removed) must not fail the others'
        // calls: a failed group is written again row by row, and each caller learns its own fate.
        if (group.length === 1) group[0]!.done(err);
        else
          await Promise.all(
            group.map((g) =>
              writeGroup(this.database, [g]).then(
                (reads) => g.done(undefined, reads.get(0)),
                (e) => g.done(e),
              ),
            ),
          );
      }
    }
    this.writing = false;
  }
}

const groups = new WeakMap<Database, AuditGroup>();

/** The audit group of a database (one per process and database). */
export function auditGroupOf(database: Database): AuditGroup {
  let group = groups.get(database);
  if (!group) {
    group = new AuditGroup(database);
    groups.set(database, group);
  }
  return group;
}
