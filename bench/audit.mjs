// bench/audit: what the tamper-evident audit trail (issue 23) costs. An audited call writes one
// audit row; the row is plain INSERT plus the id trigger of migration 0017 (no lock: the chain is
// sealed after commit). Times --rows audit inserts, 50 at a time, with the trigger ("after") and
// with it dropped (the insert as it was before 0017, "before"); then a sealer catching up on
// them and `verify` walking the chain. PGlite in memory, and PostgreSQL when --postgres is given
// (a database of its own, dropped at the end). Usage:
//   node --import tsx bench/audit.mjs [--rows 20000] [--postgres postgres://postgres@127.0.0.1:5432/postgres]
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { recordAudit } from '../apps/server/src/services/audit/recordAudit.ts';
import { sealAuditTrail } from '../apps/server/src/services/audit/sealAuditTrail.ts';
import { verifyAuditTrail } from '../apps/server/src/services/audit/verifyAuditTrail.ts';
import { createPostgresDatabase } from '../apps/server/src/testing/databases.ts';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '20000' }, postgres: { type: 'string' } },
});
const rows = Number(values.rows);

async function inserts(ctx, n) {
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const i = next++;
      await recordAudit(ctx, {
        action: 'job.view.read',
        outcome: 'success',
        userId: null,
        jobId: i + 1,
        ip: '127.0.0.1',
        detail: { i },
      });
    }
  };
  await Promise.all(Array.from({ length: 50 }, worker));
  const ms = performance.now() - started;
  return { perSecond: Math.round((n / ms) * 1000), usPerRow: Math.round((ms * 1000) / n) };
}

async function run(name, database) {
  await migrateDatabase(database);
  const ctx = { database };
  await database.db.execute(sql`drop trigger audit_log_take_id on audit_log`);
  const before = await inserts(ctx, rows);
  await database.db.execute(
    sql`create trigger audit_log_take_id before insert on audit_log for each row execute function audit_log_take_id()`,
  );
  const after = await inserts(ctx, rows);
  let t = performance.now();
  const sealed = await sealAuditTrail(ctx);
  const sealMs = performance.now() - t;
  t = performance.now();
  const v = await verifyAuditTrail(ctx);
  const verifyMs = performance.now() - t;
  console.log(
    `${name}: ${rows} audit inserts, 50 concurrent — before 0017 ${before.perSecond}/s (${before.usPerRow} µs/row), ` +
      `after ${after.perSecond}/s (${after.usPerRow} µs/row); sealing ${sealed} rows ${Math.round(sealMs)} ms ` +
      `(${Math.round((sealed / sealMs) * 1000)}/s); verify ${v.sealed} rows ${Math.round(verifyMs)} ms, ok=${v.ok}`,
  );
  await database.close();
}

await run('PGlite (in memory)', await openDatabase({}));
if (values.postgres) {
  const created = await createPostgresDatabase(values.postgres);
  try {
    await run('PostgreSQL', await openDatabase({ url: created.url }));
  } finally {
    await created.drop();
  }
}
