// npm start, the demo: build what is missing, then run the server (migrates, seeds an empty database once).
// A person reads this console: log lines as text unless LOG_FORMAT says otherwise (`npm run serve`
// keeps JSON for production log pipelines).
import { ensureBuilt } from './ensure-built.mjs';

process.env.LOG_FORMAT ??= 'text';
// The demo (issue 45): `npm start` seeds an empty database and prints its sign-ins; `npm run serve` never does.
process.env.DEMO_SEED ??= 'true';
try {
  ensureBuilt();
} catch (err) {
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}
await import('../apps/server/dist/main.js');
