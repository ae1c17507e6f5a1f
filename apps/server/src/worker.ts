import { loadConfig } from './config.js';
import { closeContext, createContext } from './createContext.js';
import { onShutdown } from './lifecycle.js';
import { refuseDemoPasswordsInProduction } from './services/demo/refuseDemoPasswords.js';
import { pdfSigningCertificate } from './services/documents/pdfSigningCertificate.js';
import { createLogger } from './system/logger.js';
import { startWorker } from './tasks/worker.js';

/** `npm run worker`: a task worker on its own, for PostgreSQL deployments (ARCHITECTURE §3). */
async function main() {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    throw new Error(
      'npm run worker needs DATABASE_URL: the embedded database (PGlite) can only be opened by one process, whose server already runs the worker.',
    );
  }
  const log = createLogger(config);
  const ctx = await createContext(config, log);
  await refuseDemoPasswordsInProduction(ctx);
  ctx.documents.warm();
  // Issue 43: the PDF signing certificate read (or the self-signed one made) at start, not at the first delivery.
  await pdfSigningCertificate(ctx);
  const worker = await startWorker(ctx);
  onShutdown(log, async () => {
    await worker.stop();
    await closeContext(ctx);
  });
  log.info('task worker started');
}

main().catch((err: Error) => {
  process.stderr.write(`Quill worker could not start: ${err.message}\n`);
  process.exit(1);
});
