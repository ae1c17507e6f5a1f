import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { MAX_ATTACHMENT_BYTES, message } from '@quill/core';
import { loadConfig } from './config.js';
import { closeContext, createContext } from './context.js';
import { DomainError } from './errors/domainErrors.js';
import { importAttachment } from './services/attachments/importAttachment.js';
import { createLogger } from './system/logger.js';

const USAGE = `Attachment intake (DATA_DIR or DATABASE_URL as for the server):
  npm run import-attachment -- --facility ID [--patient ID] [--visit ID]
                               [--name NAME] [--description TEXT] [--date ISO] FILE
FILE is a PDF, PNG, JPEG or TIFF file (at most ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB). It becomes an attachment of the client
facility (and of the patient or visit, which must be of the facility's corporate structure), dated
--date (an ISO date and time ending with Z, e.g. 2026-11-19T14:30:00Z; default now) and named
--name (default the file's name).`;

class UsageError extends Error {}

/** `npm run import-attachment -- --facility ID … FILE`: stores a file as a facility's attachment. */
async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      facility: { type: 'string' },
      patient: { type: 'string' },
      visit: { type: 'string' },
      name: { type: 'string' },
      description: { type: 'string' },
      date: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (!values.facility) throw new UsageError(`--facility needs a client facility id.\n${USAGE}`);
  const [file, ...extra] = positionals;
  if (!file || extra.length) throw new UsageError(`Name exactly one FILE.\n${USAGE}`);
  const size = (await stat(file).catch(() => null))?.size;
  if (size === undefined) throw new UsageError(`Cannot read ${file}.`);
  // Check the size before reading a huge file into memory; the service checks it again.
  const tooLarge = size > MAX_ATTACHMENT_BYTES;
  const bytes = tooLarge ? Buffer.alloc(0) : await readFile(file);
  const fields = Object.fromEntries(
    Object.entries({
      clientFacilityId: values.facility,
      patientId: values.patient,
      visitId: values.visit,
      name: values.name,
      description: values.description,
      contextStartUTC: values.date,
    }).filter((e): e is [string, string] => e[1] !== undefined),
  );

  const ctx = await createContext(loadConfig(), createLogger({ LOG_LEVEL: 'warn' }));
  try {
    const stored = await importAttachment(
      ctx,
      { kind: 'system', via: 'cli' },
      fields,
      { file: tooLarge ? null : { bytes, filename: basename(file) }, tooLarge },
      null,
    );
    process.stdout.write(
      `${message('attachments.import.imported', {
        attachmentNonSequentialID: stored.attachmentNonSequentialID,
        attachmentName: stored.attachmentName,
        size: stored.size,
      })}\n`,
    );
  } finally {
    await closeContext(ctx);
  }
}

main().catch((err: Error) => {
  const expected = err instanceof UsageError || err instanceof DomainError;
  process.stderr.write(`${expected ? err.message : `Import failed: ${err.message}`}\n`);
  process.exit(expected ? 2 : 1);
});
