import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, type Page } from '@playwright/test';

/** Downloads a job's PDF with the page's session (`/api/file/download/{id}.pdf`) into `file`. */
async function downloadJobPdf(page: Page, jobId: number, file: string): Promise<void> {
  const res = await page.request.get(`/api/file/download/${jobId}.pdf`);
  expect(res.ok(), `the PDF of job ${jobId}`).toBe(true);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, await res.body());
}

/** A PDF's words (pdftotext -layout), whitespace runs as one space. */
function pdfWords(file: string): string {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

/** The words of a job's print preview PDF (fetched with the page's session, read by pdftotext). */
export async function pdfText(page: Page, jobId: number): Promise<string> {
  const file = join(mkdtempSync(join(tmpdir(), 'quill-pdf-')), `${jobId}.pdf`);
  await downloadJobPdf(page, jobId, file);
  return pdfWords(file);
}

/**
 * A job's PDF kept at `artifacts/{name}.pdf` with its first page rendered to
 * `artifacts/{name}-1.png` (pdftoppm) for a person to look at; answers its words.
 */
export async function keptJobPdf(page: Page, jobId: number, name: string): Promise<string> {
  const file = `artifacts/${name}.pdf`;
  await downloadJobPdf(page, jobId, file);
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', file, `artifacts/${name}`]);
  return pdfWords(file);
}
