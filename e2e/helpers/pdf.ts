import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

/** The words of a job's print preview PDF (fetched with the page's session, read by pdftotext). */
export async function pdfText(page: Page, jobId: number): Promise<string> {
  const res = await page.request.get(`/api/file/download/${jobId}.pdf`);
  expect(res.ok(), `the PDF of job ${jobId}`).toBe(true);
  const file = join(mkdtempSync(join(tmpdir(), 'quill-pdf-')), `${jobId}.pdf`);
  writeFileSync(file, await res.body());
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}
