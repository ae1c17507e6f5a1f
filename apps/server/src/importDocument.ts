import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { MAX_DOCUMENT_IMPORT_BYTES, message } from '@quill/core';
import { loadConfig } from './config.js';
import { closeContext, createContext } from './context.js';
import { DomainError } from './errors/domainErrors.js';
import { importDocument } from './services/documents/importDocument.js';
import { createLogger } from './system/logger.js';

const USAGE = `Document intake (DATA_DIR or DATABASE_URL as for the server):
  npm run import-document -- --job ID FILE
FILE is a CDA XML document or a Word (.docx) document; it becomes the job's new document version.`;

class UsageError extends Error {}

/** `npm run import-document -- --job ID FILE`: stores a CDA or DOCX file as a job's new document version. */
async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { job: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const jobId = Number(values.job);
  if (!values.job || !Number.isInteger(jobId) || jobId <= 0)
    throw new UsageError(`--job needs a job id.\n${USAGE}`);
  const [file, ...extra] = positionals;
  if (!file || extra.length) throw new UsageError(`Name exactly one FILE.\n${USAGE}`);
  const size = (await stat(file).catch(() => null))?.size;
  if (size === undefined) throw new UsageError(`Cannot read ${file}.`);
  // Check the size before reading a huge file into memory; the service checks it again.
  const tooLarge = size > MAX_DOCUMENT_IMPORT_BYTES;
  const bytes = tooLarge ? Buffer.alloc(0) : await readFile(file);

  const ctx = await createContext(loadConfig(), createLogger({ LOG_LEVEL: 'warn' }));
  try {
    const result = await importDocument(
      ctx,
      { kind: 'system', via: 'cli' },
      jobId,
      { file: tooLarge ? null : { bytes, filename: basename(file) }, tooLarge },
      null,
    );
    process.stdout.write(`${message('documents.import.imported', result)}\n`);
  } finally {
    await closeContext(ctx);
  }
}

main().catch((err: Error) => {
  const expected = err instanceof UsageError || err instanceof DomainError;
  process.stderr.write(`${expected ? err.message : `Import failed: ${err.message}`}\n`);
  process.exit(expected ? 2 : 1);
});
