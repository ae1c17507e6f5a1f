import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { loadConfig } from '../config.js';
import type { AppContext } from '../context.js';
import { closeContext, createContext } from '../createContext.js';
import { DomainError } from '../errors/domainErrors.js';
import { createLogger } from './logger.js';

/** A command line the intake commands cannot use; printed with the usage, exit code 2. */
export class UsageError extends Error {}

/** The one FILE an intake command names, as the intake services take it. */
export interface IntakeFile {
  file: { bytes: Buffer; filename: string } | null;
  tooLarge: boolean;
}

/**
 * Reads the one FILE of an intake command (`npm run import-document`, `import-attachment`) — but
 * not one over `maxBytes`, which is never read into memory (`tooLarge`; the service refuses it).
 */
export async function readIntakeFile(
  positionals: string[],
  maxBytes: number,
  usage: string,
): Promise<IntakeFile> {
  const [file, ...extra] = positionals;
  if (!file || extra.length) throw new UsageError(`Name exactly one FILE.\n${usage}`);
  const size = (await stat(file).catch(() => null))?.size;
  if (size === undefined) throw new UsageError(`Cannot read ${file}.`);
  if (size > maxBytes) return { file: null, tooLarge: true };
  return { file: { bytes: await readFile(file), filename: basename(file) }, tooLarge: false };
}

/** Runs `work` on a context of the configured database and files (DATA_DIR or DATABASE_URL). */
export async function withCommandContext<T>(work: (ctx: AppContext) => Promise<T>): Promise<T> {
  const ctx = await createContext(loadConfig(), createLogger({ LOG_LEVEL: 'warn' }));
  try {
    return await work(ctx);
  } finally {
    await closeContext(ctx);
  }
}

/**
 * Runs an intake command: a usage or domain error prints its message and exits 2 (the input is
 * wrong); anything else prints "Import failed" and exits 1.
 */
export function runIntakeCommand(main: () => Promise<void>): void {
  main().catch((err: Error) => {
    const expected = err instanceof UsageError || err instanceof DomainError;
    process.stderr.write(`${expected ? err.message : `Import failed: ${err.message}`}\n`);
    process.exit(expected ? 2 : 1);
  });
}
