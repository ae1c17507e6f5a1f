import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The text of a PDF, or of pages `first`..`last` (1-based), by poppler's `pdftotext` — an
 * independent reader, so tests do not trust the code that wrote the PDF.
 */
export async function pdfText(bytes: Buffer, pages?: { first: number; last?: number }): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'quill-pdftext-'));
  try {
    const file = join(dir, 'in.pdf');
    await writeFile(file, bytes);
    const range = pages ? ['-f', String(pages.first), '-l', String(pages.last ?? pages.first)] : [];
    const { stdout } = await run('pdftotext', ['-layout', ...range, file, '-']);
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
