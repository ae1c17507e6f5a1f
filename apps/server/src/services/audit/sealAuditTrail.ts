import { setImmediate } from 'node:timers/promises';
import { AUDIT_TRAIL } from '@quill/core';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { AUDIT_ROW_TEXT, type AuditRowText, auditRowHash, GENESIS_HASH, rowsOf } from './auditHash.js';

/** The advisory lock that lets one sealer at a time extend the chain (any process). */
const SEAL_LOCK = 0x7175696c; // "quil"

type Ctx = Pick<AppContext, 'database'>;

interface State {
  floor_id: string;
  candidate_id: string | null;
  candidate_xmax: string | null;
  candidate_writers: string | null;
}

/** What one pass did: rows sealed; whether committed rows may still be waiting above the floor. */
export interface SealPass {
  sealed: number;
  more: boolean;
}

/**
 * One pass of the sealer (docs/decisions.md "Tamper-evident audit trail"). Audit rows are inserted
 * unsealed — no lock on the request's path — and chained here, in id order, shortly after they
 * commit. A row may commit after a row with a higher id, so a pass only seals ids it has proved
 * final: the sequence's value read in an earlier pass (the candidate), once every transaction that
 * could still hold an id at or below it has ended. Two proofs, either suffices:
 * - the writers: the transactions that held a write lock on `audit_log` in Quill's database when
 *   the candidate was read (a row's inserter takes that lock before its id and keeps it to its
 *   end) have all ended — their virtual transaction ids hold no lock any more. Only Quill's own
 *   audit writers count, so a transaction open in another database holds nothing back (issue 41);
 * - the snapshot: this pass's snapshot xmin ≥ the candidate's snapshot xmax (the insert trigger
 *   takes the transaction id before the row id). The xmin is the whole server's, so this one waits
 *   for every database; it is the proof left where the writers are not known (see below).
 * The chain is one total order: one sealer at a time (advisory lock), and `seq` is the primary key.
 */
export async function sealAuditPass(ctx: Ctx, batch: number = AUDIT_TRAIL.sealBatch): Promise<SealPass> {
  return ctx.database.db.transaction(async (tx) => {
    // Each statement its own snapshot: the rows are read after the proof, and see what it proved.
    await tx.execute(sql`set transaction isolation level read committed`);
    const [lock] = rowsOf<{ ok: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${SEAL_LOCK}) as ok`),
    );
    if (!lock?.ok) return { sealed: 0, more: true };
    const [state] = rowsOf<State>(
      await tx.execute(
        sql`select floor_id::text as floor_id, candidate_id::text as candidate_id, candidate_xmax,
              candidate_writers from audit_seal_state where id = 1 for update`,
      ),
    );
    // The sequence first, then the snapshot and the writers: an id handed out before belongs to a
    // transaction the snapshot counts as running or ended, and that is a writer now or has ended.
    const [seq] = rowsOf<{ last: string }>(
      await tx.execute(
        sql`select (case when is_called then last_value else last_value - 1 end)::text as last
            from audit_log_id_seq`,
      ),
    );
    const [now] = rowsOf<{ xmin: string; xmax: string; writers: string | null; writers_ended: boolean }>(
      await tx.execute(
        sql`select pg_snapshot_xmin(s)::text as xmin, pg_snapshot_xmax(s)::text as xmax,
              ${AUDIT_WRITERS} as writers, ${writersEnded(state!.candidate_writers)} as writers_ended
            from pg_current_snapshot() s`,
      ),
    );
    const floor = BigInt(state!.floor_id);
    const proved =
      state!.candidate_id !== null &&
      (now!.writers_ended || BigInt(now!.xmin) >= BigInt(state!.candidate_xmax ?? '0'))
        ? BigInt(state!.candidate_id)
        : null;
    const upTo = proved !== null && proved > floor ? proved : floor;
    const rows = rowsOf<AuditRowText>(
      await tx.execute(sql`select ${AUDIT_ROW_TEXT} from audit_log a
        where a.id > ${floor.toString()} and a.id <= ${upTo.toString()}
          and not exists (select 1 from audit_chain c where c.audit_id = a.id)
        order by a.id limit ${batch}`),
    );
    // Ordered by the bigint column, not by a text alias of it ("9" > "10").
    const [head] = rowsOf<{ head_seq: string; hash: string }>(
      await tx.execute(sql`select seq::text as head_seq, hash from audit_chain order by seq desc limit 1`),
    );
    const links = await chainLinks(rows, head ? Number(head.head_seq) : 0, head?.hash ?? GENESIS_HASH);
    // One JSON parameter: building the insert with Drizzle bound 4 values a row on the event loop.
    if (links.length) {
      await tx.execute(sql`insert into audit_chain (seq, audit_id, prev_hash, hash)
        select seq, audit_id, prev_hash, hash from jsonb_to_recordset(${JSON.stringify(links)}::jsonb)
          as r(seq bigint, audit_id bigint, prev_hash text, hash text)`);
    }
    const full = rows.length === batch;
    const newFloor = full ? BigInt(rows.at(-1)!.id) : upTo;
    // A proved candidate gives way to the sequence's value now; an unproved one waits.
    const renew = state!.candidate_id === null || proved !== null;
    await tx.execute(sql`update audit_seal_state set floor_id = ${newFloor.toString()},
        candidate_id = ${renew ? seq!.last : state!.candidate_id},
        candidate_xmax = ${renew ? now!.xmax : state!.candidate_xmax},
        candidate_writers = ${renew ? now!.writers : state!.candidate_writers}
      where id = 1`);
    const candidate = BigInt(renew ? seq!.last : state!.candidate_id!);
    return { sealed: links.length, more: full || candidate > newFloor };
  });
}

/**
 * The virtual transaction ids (space-separated) of the transactions holding a write lock on
 * `audit_log` in this database — every one that may hold an audit id not committed yet. The mode
 * every INSERT takes, RowExclusiveLock, alone: a vacuum of the table (ShareUpdateExclusiveLock)
 * writes no row and must not hold sealing back. Null (not known, the snapshot proof alone) where
 * prepared transactions are enabled: PREPARE TRANSACTION moves a writer's locks to another
 * virtual id. `pg_locks` lists every role's locks.
 */
const AUDIT_WRITERS = sql`case when current_setting('max_prepared_transactions')::int = 0 then
  coalesce((select string_agg(l.virtualtransaction, ' ') from pg_locks l
    where l.locktype = 'relation' and l.mode = 'RowExclusiveLock'
      and l.relation = 'audit_log'::regclass
      and l.database = (select oid from pg_database where datname = current_database())), '')
  end`;

/** Whether every transaction of `writers` (AUDIT_WRITERS) has ended: none still locks its own virtual id. */
function writersEnded(writers: string | null) {
  return sql`(${writers}::text is not null and not exists (select 1 from pg_locks l
    where l.locktype = 'virtualxid' and l.virtualxid = any(string_to_array(${writers}::text, ' '))))`;
}

/** Rows hashed between two turns of the event loop: a pass never holds other calls up for long. */
const HASHED_PER_TURN = 200;

/** The chain's next links for `rows` (in id order), after the link `headSeq` whose hash is `headHash`. */
async function chainLinks(rows: AuditRowText[], headSeq: number, headHash: string) {
  const links: { seq: number; audit_id: number; prev_hash: string; hash: string }[] = [];
  let prevHash = headHash;
  for (const [i, row] of rows.entries()) {
    if (i > 0 && i % HASHED_PER_TURN === 0) await setImmediate();
    const hash = auditRowHash(prevHash, row);
    links.push({ seq: headSeq + i + 1, audit_id: Number(row.id), prev_hash: prevHash, hash });
    prevHash = hash;
  }
  return links;
}

/**
 * Seals every audit row committed before the call (a few passes: the second proves what the
 * first saw). For the command line, the seed and tests; the server runs passes on a timer.
 */
export async function sealAuditTrail(ctx: Ctx): Promise<number> {
  let total = 0;
  for (let idle = 0; idle < 3; ) {
    const pass = await sealAuditPass(ctx);
    total += pass.sealed;
    if (!pass.more) break;
    idle = pass.sealed ? 0 : idle + 1;
  }
  return total;
}

/** Runs a sealing pass every AUDIT_TRAIL.sealIntervalMs until stopped; failures are logged, not thrown. */
export function startAuditSealer(ctx: Pick<AppContext, 'database' | 'log'>): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = (async () => {
      try {
        while ((await sealAuditPass(ctx)).sealed === AUDIT_TRAIL.sealBatch);
      } catch (err) {
        const { code, cause } = err as { code?: string; cause?: { code?: string } };
        ctx.log.warn({ code: cause?.code ?? code }, 'audit sealing pass failed');
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(tick, AUDIT_TRAIL.sealIntervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
