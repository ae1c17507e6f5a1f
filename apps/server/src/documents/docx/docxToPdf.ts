import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { message } from '@quill/core';
import { unavailable } from '../../errors/domainErrors.js';
import { findExecutable } from '../../system/findExecutable.js';

export interface DocxToPdfOptions {
  /** Path of LibreOffice's soffice; looked up on PATH when not given, null for "not installed". */
  soffice?: string | null;
  /** How long one conversion may take. */
  timeoutMs?: number;
  /** What the bytes are: a Word document (the default) or RTF. */
  format?: 'docx' | 'rtf';
}

/** LibreOffice's command, when installed (Debian's libreoffice-writer). */
export function findSoffice(): string | null {
  return findExecutable(['soffice', 'libreoffice']);
}

function run(file: string, args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 1024 * 1024 },
      (err, _out, stderr) => {
        if (!err) return resolve();
        const reason = err.killed
          ? `timed out after ${Math.round(timeoutMs / 1000)} s`
          : `${stderr || err.message}`;
        reject(new Error(reason.trim().split('\n')[0]!.slice(0, 200)));
      },
    );
  });
}

/**
 * A Word document as PDF through `soffice --headless --convert-to pdf`, in a temporary directory
 * with its own LibreOffice profile (so conversions can run side by side) and a time limit.
 * 503 with a clear message when LibreOffice is not installed or the conversion fails.
 */
export async function docxToPdf(bytes: Buffer, opts: DocxToPdfOptions = {}): Promise<Buffer> {
  const soffice = opts.soffice === undefined ? findSoffice() : opts.soffice;
  if (!soffice) throw unavailable(message('documents.wordNeedsLibreOffice'));
  const dir = await mkdtemp(join(tmpdir(), 'quill-docx-'));
  try {
    const input = join(dir, `document.${opts.format ?? 'docx'}`);
    await writeFile(input, bytes);
    const args = [
      '--headless',
      '--norestore',
      '--nolockcheck',
      `-env:UserInstallation=${pathToFileURL(join(dir, 'profile')).href}`,
      '--convert-to',
      'pdf',
      '--outdir',
      dir,
      input,
    ];
    try {
      await run(soffice, args, opts.timeoutMs ?? 60_000);
      const pdf = await readFile(join(dir, 'document.pdf'));
      if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error('LibreOffice wrote no PDF');
      return pdf;
    } catch (err) {
      const detail =
        (err as NodeJS.ErrnoException).code === 'ENOENT'
          ? 'LibreOffice wrote no PDF'
          : (err as Error).message;
      throw unavailable(message('documents.wordConversionFailed', { detail }));
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
