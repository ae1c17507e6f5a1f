import { parseArgs } from 'node:util';
import { MAX_ATTACHMENT_BYTES, message } from '@quill/core';
import { importAttachment } from './services/attachments/importAttachment.js';
import { readIntakeFile, runIntakeCommand, UsageError, withCommandContext } from './system/intakeCommand.js';

const USAGE = `Attachment intake (DATA_DIR or DATABASE_URL as for the server):
  npm run import-attachment -- --facility ID [--patient ID] [--visit ID]
                               [--name NAME] [--description TEXT] [--date ISO] FILE
FILE is a PDF, PNG, JPEG or TIFF file of at most ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB. It becomes an attachment of the
client facility (and of the patient or visit, which must be of the facility's corporate
structure), dated --date (an ISO date and time ending with Z, e.g. 2026-11-19T14:30:00Z; default
now) and named --name (default the file's name).`;

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
  const upload = await readIntakeFile(positionals, MAX_ATTACHMENT_BYTES, USAGE);
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
  const stored = await withCommandContext((ctx) =>
    importAttachment(ctx, { kind: 'system', via: 'cli' }, fields, upload, null),
  );
  const { attachmentNonSequentialID, attachmentName, size } = stored;
  process.stdout.write(
    `${message('attachments.import.imported', { attachmentNonSequentialID, attachmentName, size })}\n`,
  );
}

runIntakeCommand(main);
