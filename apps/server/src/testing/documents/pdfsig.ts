import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * What poppler's pdfsig (an independent reader) says of a PDF's signatures: its report, e.g.
 * "Signature Validation: Signature is Valid." and "Total document signed".
 */
export function pdfsig(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'quill-pdfsig-'));
  try {
    const path = join(dir, 'in.pdf');
    writeFileSync(path, bytes);
    const run = spawnSync('pdfsig', [path], { encoding: 'utf8' });
    return `${run.stdout}${run.stderr}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The file with one byte of its signed range changed (the header's version digit). */
export function alterOneByte(signed: Buffer): Buffer {
  const altered = Buffer.from(signed);
  altered[7] = altered[7] === 0x37 ? 0x36 : 0x37;
  return altered;
}
