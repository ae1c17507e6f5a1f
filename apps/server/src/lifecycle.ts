import type { FastifyBaseLogger } from 'fastify';

/** Runs `stop` once on SIGINT or SIGTERM, then exits; a second signal exits at once. */
export function onShutdown(log: FastifyBaseLogger, stop: () => Promise<void>) {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    log.info({ signal }, 'shutting down');
    stop()
      .then(() => process.exit(0))
      .catch((err: Error) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
}
