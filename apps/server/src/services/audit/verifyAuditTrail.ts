import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { AUDIT_ROW_TEXT, type AuditRowText, auditRowHash, GENESIS_HASH, rowsOf } from './auditHash.js';

/** The first row where the chain does not hold, and why. */
export interface BrokenLink {
  seq: number;
  auditId: number;
  /** When the audit row says it was written (null when the row is gone). */
  at: string | null;
  reason: 'changed' | 'missing' | 'relinked' | 'unchained';
}

/** What `npm run audit -- verify` found. */
export interface AuditVerification {
  ok: boolean;
  /** Sealed rows checked. */
  sealed: number;
  /** Rows not sealed yet (written in the last seconds; the server seals them shortly). */
  unsealed: number;
  head: { seq: number; hash: string } | null;
  broken: BrokenLink | null;
}

type ChainRow = { seq: string; audit_id: string; prev_hash: string; hash: string } & Partial<AuditRowText>;

const PAGE = 5000;

/**
 * Walks the chain in `seq` order and recomputes every link: each row's hash over its columns and
 * the hash before it. Names the first row whose columns changed, whose row is gone, whose link
 * points elsewhere, or that sits below the sealer's floor without a link (inserted behind it).
 */
export async function verifyAuditTrail(ctx: Pick<AppContext, 'database'>): Promise<AuditVerification> {
  // One snapshot for every read: a sealing pass between the chain and the count of rows not yet
  // in it would otherwise show rows neither sealed nor waiting.
  return ctx.database.db.transaction(async (db) => {
    await db.execute(sql`set transaction isolation level repeatable read, read only`);
    return verifyIn(db);
  });
}

async function verifyIn(db: Pick<AppContext['database']['db'], 'execute'>): Promise<AuditVerification> {
  let expectedSeq = 1;
  let prevHash = GENESIS_HASH;
  let broken: BrokenLink | null = null;
  let after = 0;
  while (!broken) {
    const page = rowsOf<ChainRow>(
      await db.execute(sql`select c.seq::text as seq, c.audit_id::text as audit_id, c.prev_hash, c.hash,
          ${AUDIT_ROW_TEXT}
        from audit_chain c left join audit_log a on a.id = c.audit_id
        where c.seq > ${after} order by c.seq limit ${PAGE}`),
    );
    for (const row of page) {
      const seq = Number(row.seq);
      const link = { seq, auditId: Number(row.audit_id), at: row.at ?? null };
      if (seq !== expectedSeq || row.prev_hash !== prevHash) broken = { ...link, reason: 'relinked' };
      else if (row.id === null || row.id === undefined) broken = { ...link, reason: 'missing' };
      else if (auditRowHash(prevHash, row as AuditRowText) !== row.hash)
        broken = { ...link, reason: 'changed' };
      if (broken) break;
      prevHash = row.hash;
      expectedSeq++;
    }
    if (page.length < PAGE) break;
    after = Number(page.at(-1)!.seq);
  }
  const sealed = expectedSeq - 1;
  const unchained = sql`from audit_log a cross join audit_seal_state s
    where s.id = 1 and not exists (select 1 from audit_chain c where c.audit_id = a.id)`;
  const [tail] = rowsOf<{ unsealed: string }>(
    await db.execute(sql`select count(*)::text as unsealed ${unchained}`),
  );
  if (!broken) {
    const [behind] = rowsOf<{ id: string; at: string }>(
      await db.execute(sql`select a.id::text as id,
          to_char(a.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
        ${unchained} and a.id <= s.floor_id order by a.id limit 1`),
    );
    if (behind) broken = { seq: sealed + 1, auditId: Number(behind.id), at: behind.at, reason: 'unchained' };
  }
  return {
    ok: broken === null,
    sealed,
    unsealed: Number(tail?.unsealed ?? 0),
    head: sealed ? { seq: sealed, hash: prevHash } : null,
    broken,
  };
}
