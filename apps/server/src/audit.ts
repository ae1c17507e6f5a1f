import { parseArgs } from 'node:util';
import { sealAuditTrail } from './services/audit/sealAuditTrail.js';
import { type AuditVerification, verifyAuditTrail } from './services/audit/verifyAuditTrail.js';
import { runIntakeCommand, UsageError, withCommandContext } from './system/intakeCommand.js';

const USAGE = `Audit trail (DATA_DIR or DATABASE_URL as for the server):
  npm run audit -- verify   walks the hash chain; exit 0 when it holds, 1 naming the first broken row
  npm run audit -- seal     seals the rows written since the server's last sealing pass`;

const REASONS: Record<NonNullable<AuditVerification['broken']>['reason'], string> = {
  changed: 'its columns were changed after it was sealed',
  missing: 'the row is gone',
  relinked: 'its link does not follow the row before it (a row was removed or inserted)',
  unchained: 'it was written behind the sealer and is not in the chain',
};

/** The report of a verification, one line per fact. */
function describeVerification(v: AuditVerification): string {
  const tail = v.unsealed ? `; ${v.unsealed} newer row(s) not sealed yet` : '';
  if (v.broken) {
    const b = v.broken;
    return `Audit trail BROKEN at audit row ${b.auditId} (written ${b.at ?? 'unknown'}, chain position ${b.seq}): ${REASONS[b.reason]}.\n${v.sealed} row(s) before it hold${tail}.`;
  }
  const head = v.head ? ` (head ${v.head.seq}: ${v.head.hash})` : '';
  return `Audit trail OK: ${v.sealed} sealed row(s) verified${head}${tail}.`;
}

/** `npm run audit -- verify | seal`. */
async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { help: { type: 'boolean' } },
  });
  const [command, ...extra] = positionals;
  if (values.help || !command) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (extra.length || (command !== 'verify' && command !== 'seal')) {
    throw new UsageError(`Unknown command ${positionals.join(' ')}.\n${USAGE}`);
  }
  if (command === 'seal') {
    const sealed = await withCommandContext((ctx) => sealAuditTrail(ctx));
    process.stdout.write(`Sealed ${sealed} audit row(s).\n`);
    return;
  }
  const result = await withCommandContext((ctx) => verifyAuditTrail(ctx));
  process.stdout.write(`${describeVerification(result)}\n`);
  if (!result.ok) process.exitCode = 1;
}

runIntakeCommand(main);
