import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { closeContext, createContext } from './createContext.js';
import { DEMO_PASSWORD, DEMO_SIGN_INS } from './demo/seed.js';
import { startInboundInterfaces } from './interop/startInboundInterfaces.js';
import { onShutdown } from './lifecycle.js';
import { startAuditSealer } from './services/audit/sealAuditTrail.js';
import { refuseDemoPasswordsInProduction } from './services/demo/refuseDemoPasswords.js';
import { isDemoDatabase, seedIfEmpty } from './services/demo/seedIfEmpty.js';
import { pdfSigningCertificate } from './services/documents/pdfSigningCertificate.js';
import { createLogger } from './system/logger.js';
import { startWorker } from './tasks/worker.js';

/**
 * `npm start` / `npm run serve`: migrate (MIGRATE_ON_START), seed an empty database once when
 * DEMO_SEED is set (`npm start` sets it), serve the API and the SPA. With NODE_ENV=production it
 * refuses to start while a user still has the demo password (issue 45).
 */
async function main() {
  const config = loadConfig();
  const log = createLogger(config);
  const ctx = await createContext(config, log);
  ctx.documents.warm();
  // Issue 43: the PDF signing certificate read (or the self-signed one made) at start, not at the first delivery.
  await pdfSigningCertificate(ctx);
  await refuseDemoPasswordsInProduction(ctx);
  const seeded = await seedIfEmpty(ctx);
  // The demo sign-ins are printed by the demo (DEMO_SEED) on its own database only.
  const demo = config.DEMO_SEED && (seeded !== null || (await isDemoDatabase(ctx)));
  const worker = config.IN_PROCESS_WORKER ? await startWorker(ctx) : null;
  const sealer = startAuditSealer(ctx);
  // Issue 44: an MLLP listener per inbound interface of HL7_INTERFACES_FILE.
  const interfaces = await startInboundInterfaces(ctx);
  const app = await buildApp(ctx);
  onShutdown(log, async () => {
    await interfaces.close();
    await app.close();
    await sealer.stop();
    await worker?.stop();
    await closeContext(ctx);
  });
  const address = await app.listen({ host: config.HOST, port: config.PORT });
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  const lines = [
    '',
    `Quill is running at ${address}`,
    `  database: ${where}${seeded ? ` — demo data seeded (${seeded.jobs} jobs)` : ''}`,
    `  task worker: ${worker ? 'in this process' : 'separate (npm run worker)'}`,
    ...interfaces.listening.map((l) => `  HL7 interface ${l.name}: MLLP on ${l.host}:${l.port}`),
    ...(demo
      ? [
          `  demo sign-ins (password "${DEMO_PASSWORD}"):`,
          ...DEMO_SIGN_INS.map((s) => `    ${s.username.padEnd(18)} ${s.description}`),
        ]
      : []),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((err: Error) => {
  process.stderr.write(`Quill could not start: ${err.message}\n`);
  process.exit(1);
});
