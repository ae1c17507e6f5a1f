// npm start: build what is missing, then run the server (migrates, seeds an empty database once).
import { ensureBuilt } from './ensure-built.mjs';

try {
  ensureBuilt();
} catch (err) {
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}
await import('../apps/server/dist/main.js');
