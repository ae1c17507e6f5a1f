import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppContext } from '../context.js';
import { documentVersions } from '../db/schema/index.js';
import { CDA_FIXTURE_DIR } from './documents/cdaFixtures.js';

/** Gives a job a current CDA document: a fixture stored in the blob store as version 1. */
export async function addCdaDocument(
  ctx: Pick<AppContext, 'database' | 'blobs'>,
  jobId: number,
  fixture = 'Progress_Note.xml',
): Promise<void> {
  const bytes = await readFile(join(CDA_FIXTURE_DIR, fixture));
  const blob = await ctx.blobs.putContent(bytes, { prefix: 'documents', extension: 'xml' });
  await ctx.database.db
    .insert(documentVersions)
    .values({ jobId, version: 1, format: 'CDA', blobKey: blob.key, size: blob.size, source: 'import' });
}

/** Waits until `check` answers true, polling every `everyMs`; throws after `timeoutMs`. */
export async function waitFor(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 60_000,
  everyMs = 100,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** A recipient typed in by hand (recipientType Custom), as the Fax dialog sends one. */
export function customRecipient(name: string, faxNumber: string) {
  return { id: null, name, faxNumber, recipientType: 'Custom', faxFlag: true };
}
