import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { expect, type Page } from '@playwright/test';

/**
 * A job's PDF as the page's session downloads it (`/api/file/download/{id}.pdf`), kept at
 * `artifacts/{name}.pdf` with its first page rendered to `artifacts/{name}-1.png` (pdftoppm) for a
 * person to look at; answers its text (pdftotext -layout), whitespace runs as one space.
 */
export async function keptJobPdf(page: Page, jobId: number, name: string): Promise<string> {
  const res = await page.request.get(`/api/file/download/${jobId}.pdf`);
  expect(res.ok(), `the PDF of job ${jobId}`).toBe(true);
  const file = `artifacts/${name}.pdf`;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, await res.body());
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', file, `artifacts/${name}`]);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}
