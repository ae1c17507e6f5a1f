import { parseArgs } from 'node:util';
import { MAX_DOCUMENT_IMPORT_BYTES, message } from '@quill/core';
import { importDocument } from './services/documents/importDocument.js';
import { readIntakeFile, runIntakeCommand, UsageError, withCommandContext } from './system/intakeCommand.js';

const USAGE = `Document intake (DATA_DIR or DATABASE_URL as for the server):
  npm run import-document -- --job ID FILE
FILE is a CDA XML document or a Word (.docx) document; it becomes the job's new document version.`;

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
  const upload = await readIntakeFile(positionals, MAX_DOCUMENT_IMPORT_BYTES, USAGE);
  const result = await withCommandContext((ctx) =>
    importDocument(ctx, { kind: 'system', via: 'cli' }, jobId, upload, null),
  );
  process.stdout.write(`${message('documents.import.imported', result)}\n`);
}

runIntakeCommand(main);
