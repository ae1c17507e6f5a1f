import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** One page as `pdftotext -bbox` sees it: its size and every word's box (points, top-left origin). */
export interface ProbedPage {
  width: number;
  height: number;
  words: { text: string; xMin: number; yMin: number; xMax: number; yMax: number }[];
}

async function withPdf<T>(bytes: Buffer, use: (file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'quill-pdfprobe-'));
  try {
    const file = join(dir, 'in.pdf');
    await writeFile(file, bytes);
    return await use(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Tests only: the text of a PDF in content-stream order (`pdftotext -raw`, poppler-utils). */
export function pdfRawText(bytes: Buffer): Promise<string> {
  return withPdf(
    bytes,
    async (file) => (await run('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-'])).stdout,
  );
}

const decodeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** Tests only: every page's size and word boxes (`pdftotext -bbox`). */
export function pdfWordBoxes(bytes: Buffer): Promise<ProbedPage[]> {
  return withPdf(bytes, async (file) => {
    const { stdout } = await run('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-'], {
      maxBuffer: 64 * 1024 * 1024,
    });
    const pages: ProbedPage[] = [];
    const re =
      /<page width="([\d.]+)" height="([\d.]+)">|<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g;
    for (const m of stdout.matchAll(re)) {
      if (m[1]) pages.push({ width: Number(m[1]), height: Number(m[2]), words: [] });
      else
        pages.at(-1)?.words.push({
          text: decodeXml(m[7]!),
          xMin: Number(m[3]),
          yMin: Number(m[4]),
          xMax: Number(m[5]),
          yMax: Number(m[6]),
        });
    }
    return pages;
  });
}

/** Tests only: the words lying (even partly) outside the box `margin` points in from each page edge. */
export function wordsOutside(pages: ProbedPage[], margin: { x: number; y: number }, slack = 0.5) {
  return pages.flatMap((p, i) =>
    p.words
      .filter(
        (w) =>
          w.xMin < margin.x - slack ||
          w.xMax > p.width - margin.x + slack ||
          w.yMin < margin.y - slack ||
          w.yMax > p.height - margin.y + slack,
      )
      .map((w) => ({ page: i + 1, ...w })),
  );
}
