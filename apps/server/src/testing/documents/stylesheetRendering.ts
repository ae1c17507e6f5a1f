import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { findExecutable } from '../../system/findExecutable.js';

const run = promisify(execFile);

/**
 * Tests only (issue 40): a CDA document as the HL7 stylesheet shows it — `xsltproc` turns it into
 * HTML, Debian's Chromium lays the HTML out with the browser's own table algorithm — and what that
 * layout says: for every table with a head row, under which heading each body cell stands, and
 * whether any word of a cell is broken over lines. The stylesheet is our own narrativeHtml.xsl;
 * CDA_XSL=/path/CDA.xsl uses HL7's instead (it is not committed here).
 */

/** The stylesheet used: CDA_XSL when set, else our own narrative stylesheet. */
export function stylesheetPath(): string {
  return process.env.CDA_XSL || fileURLToPath(new URL('./narrativeHtml.xsl', import.meta.url));
}

/** Debian's Chromium (CHROMIUM_PATH when set, as the e2e suite), or null when not installed. */
export function findChromium(): string | null {
  return process.env.CHROMIUM_PATH || findExecutable(['chromium', 'chromium-browser', 'google-chrome']);
}

/** `xsltproc`'s command (Debian's xsltproc), or null when not installed. */
export function findXsltproc(): string | null {
  return findExecutable(['xsltproc']);
}

/** A table of the stylesheet's rendering: its head row's headings, each body cell under one. */
export interface LaidOutTable {
  head: string[];
  /** Each body cell's first word and the heading over its left edge (null: under none). */
  cells: { value: string; heading: string | null }[];
}

export interface StylesheetLayout {
  tables: LaidOutTable[];
  /** Words of table cells drawn on more than one line (a token broken). */
  broken: string[];
  /** How many words of table cells were looked at. */
  words: number;
  /** The page's height in CSS pixels (for the screenshot). */
  height: number;
}

/**
 * Runs in the page when its address ends in #measure: reads every table's cell boxes and writes
 * the result (base64 JSON) into a <pre> that `--dump-dom` prints. A head row is thead's, else the
 * leading rows of th only; a body cell stands under the lowest head cell over its left edge.
 */
const MEASURE = `(() => {
  if (location.hash !== '#measure') return;
  const squash = (s) => s.replace(/\\s+/g, ' ').trim();
  const tables = [];
  let words = 0;
  const broken = [];
  for (const table of document.querySelectorAll('table')) {
    const rows = [...table.rows];
    let headRows = table.tHead ? table.tHead.rows.length : 0;
    if (!headRows)
      while (headRows < rows.length - 1 && rows[headRows].cells.length &&
        [...rows[headRows].cells].every((c) => c.tagName === 'TH')) headRows++;
    for (const cell of table.querySelectorAll('td, th')) {
      if (cell.closest('table') !== table) continue;
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const m of node.data.matchAll(/\\S+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          words++;
          if (tops.size > 1) broken.push(m[0]);
        }
      }
    }
    if (!headRows) continue;
    const heads = rows.slice(0, headRows).flatMap((r) => [...r.cells])
      .map((c) => ({ text: squash(c.textContent), box: c.getBoundingClientRect() }));
    const headingAt = (x) => heads.filter((h) => h.box.left <= x && x < h.box.right)
      .sort((a, b) => b.box.top - a.box.top)[0]?.text ?? null;
    const cells = [];
    for (const row of rows.slice(headRows))
      for (const c of row.cells) {
        const text = squash(c.textContent);
        if (text) cells.push({ value: text.split(' ')[0], heading: headingAt(c.getBoundingClientRect().left + 1) });
      }
    // The headings over the body: the head cells reaching down to the head's foot, left to right.
    const foot = Math.max(...heads.map((h) => h.box.bottom));
    const head = heads.filter((h) => h.box.bottom >= foot - 1).sort((a, b) => a.box.left - b.box.left).map((h) => h.text);
    tables.push({ head, cells });
  }
  const out = document.createElement('pre');
  out.id = 'quill-layout';
  const json = JSON.stringify({ tables, broken, words, height: document.documentElement.scrollHeight });
  out.textContent = btoa(String.fromCharCode(...new TextEncoder().encode(json)));
  document.body.appendChild(out);
})();`;

/** The document as HTML by the stylesheet, with the measuring script (and no policy forbidding it). */
async function stylesheetHtml(xml: string, dir: string): Promise<string> {
  const input = join(dir, 'document.xml');
  await writeFile(input, xml);
  const { stdout } = await run(findXsltproc() ?? 'xsltproc', ['--nonet', stylesheetPath(), input], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const html = stdout.replace(/<meta[^>]+Content-Security-Policy[^>]*>/gi, '');
  const script = `<script>${MEASURE}</script>`;
  return /<\/body>/i.test(html) ? html.replace(/<\/body>/i, `${script}</body>`) : html + script;
}

/** Page width in CSS pixels: a Letter page at 96 dpi, as a browser prints it. */
const WIDTH = 816;

function chromium(dir: string, args: string[]) {
  return run(
    findChromium() ?? 'chromium',
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--hide-scrollbars',
      `--user-data-dir=${join(dir, 'profile')}`,
      ...args,
    ],
    { timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
  );
}

/**
 * Lays the document out as the stylesheet does in Chromium and reads the layout; with
 * `screenshot`, also writes a PNG of the whole page there.
 */
export async function stylesheetLayout(xml: string, screenshot?: string): Promise<StylesheetLayout> {
  const dir = await mkdtemp(join(tmpdir(), 'quill-stylesheet-'));
  try {
    const file = join(dir, 'document.html');
    await writeFile(file, await stylesheetHtml(xml, dir));
    const url = pathToFileURL(file).href;
    const { stdout } = await chromium(dir, [`--window-size=${WIDTH},400`, '--dump-dom', `${url}#measure`]);
    const encoded = /<pre id="quill-layout">([A-Za-z0-9+/=]*)<\/pre>/.exec(stdout)?.[1];
    if (!encoded) throw new Error('Chromium did not run the measuring script');
    const layout = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as StylesheetLayout;
    if (screenshot)
      await chromium(dir, [
        `--window-size=${WIDTH},${Math.ceil(layout.height)}`,
        `--screenshot=${screenshot}`,
        url,
      ]);
    return layout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
