// npm start, the demo: build what is missing, then run the server (migrates, seeds an empty database once).
// A person reads this console: log lines as text unless LOG_FORMAT says otherwise (`npm run serve`
// keeps JSON for production log pipelines).
import { ensureBuilt } from './ensure-built.mjs';

process.env.LOG_FORMAT ??= 'text';
// The demo (issue 45): `npm start` seeds an empty database and prints its sign-ins; `npm run serve` never does.
process.env.DEMO_SEED ??= 'true';
// Issue 44: the demo's loopback ADT interface (MLLP on 127.0.0.1:2575, MSH-4 DEMOHOSP → the first
// demo facility; the start banner lists it): `npm run hl7:send scripts/hl7/demo-adt.hl7` feeds it.
if (process.env.HL7_INTERFACES_FILE === undefined && process.env.DEMO_SEED === 'true')
  process.env.HL7_INTERFACES_FILE = new URL('./hl7/demo-interfaces.json', import.meta.url).pathname;
try {
  ensureBuilt();
} catch (err) {
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}
await import('../apps/server/dist/main.js');
