import { parseArgs } from 'node:util';
import { DOCUMENT_PATIENT_DIFFERS, MAX_DOCUMENT_IMPORT_BYTES, message } from '@quill/core';
import { DomainError } from './errors/domainErrors.js';
import { importDocument } from './services/documents/importDocument.js';
import { readIntakeFile, runIntakeCommand, UsageError, withCommandContext } from './system/intakeCommand.js';

const USAGE = `Document intake (DATA_DIR or DATABASE_URL as for the server):
  npm run import-document -- --job ID [--confirm-patient "reason"] FILE
FILE is a CDA XML document or a Word (.docx) document; it becomes the job's new document version.
A document about another patient than the job's is refused unless --confirm-patient gives a reason
(one line, at most 500 characters; kept in the audit trail). A Finished job takes no document.`;

/**
 * `npm run import-document -- --job ID [--confirm-patient "reason"] FILE`: stores a CDA or DOCX
 * file as a job's new document version (services/documents/importDocument.ts, as the API does).
 */
async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      job: { type: 'string' },
      'confirm-patient': { type: 'string' },
      help: { type: 'boolean' },
    },
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
    importDocument(ctx, { kind: 'system', via: 'cli' }, jobId, upload, null, {
      confirmPatient: values['confirm-patient'],
    }),
  ).catch((err: unknown) => {
    // The operator is told how to confirm a document about another patient.
    if (err instanceof DomainError && err.code === DOCUMENT_PATIENT_DIFFERS)
      err.message = `${err.message}\n${message('documentPatient.cliConfirm')}`;
    throw err;
  });
  process.stdout.write(`${message('documents.import.imported', result)}\n${result.patientMessage}\n`);
}

runIntakeCommand(main);
