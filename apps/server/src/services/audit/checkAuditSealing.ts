import { AUDIT_TRAIL, message } from '@quill/core';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { rowsOf } from './auditHash.js';

/**
 * The health page's sealing check (issue 41): fails once an audit row has waited longer than
 * AUDIT_TRAIL.sealLagMaxMs to be sealed — a row is sealed within seconds of its commit unless a
 * transaction writing audit rows stays open, or no server runs the sealer (sealAuditTrail.ts).
 * Ages by the database's clock, as the rows' `at` is.
 */
export async function checkAuditSealing(
  ctx: Pick<AppContext, 'database'>,
): Promise<{ ok: boolean; detail: string }> {
  const [row] = rowsOf<{ waiting: string; oldest_ms: number | string | null }>(
    await ctx.database.db.execute(sql`select count(*)::text as waiting,
        (extract(epoch from now() - min(a.at)) * 1000)::float8 as oldest_ms
      from audit_log a
      where a.id > (select floor_id from audit_seal_state where id = 1)
        and not exists (select 1 from audit_chain c where c.audit_id = a.id)`),
  );
  const waiting = Number(row?.waiting ?? 0);
  if (!waiting) return { ok: true, detail: message('health.auditSealed') };
  const oldestMs = Math.max(0, Number(row!.oldest_ms));
  if (oldestMs <= AUDIT_TRAIL.sealLagMaxMs) {
    return {
      ok: true,
      detail: message('health.auditSealingBehind', { count: waiting, seconds: Math.round(oldestMs / 1000) }),
    };
  }
  return {
    ok: false,
    detail: message('health.auditSealingLagging', { count: waiting, minutes: Math.floor(oldestMs / 60_000) }),
  };
}
