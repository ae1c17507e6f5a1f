import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The four faces documents are set in. */
export type FontFace = 'regular' | 'bold' | 'italic' | 'boldItalic';

const FILES: Record<FontFace, string> = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  italic: 'DejaVuSans-Oblique.ttf',
  boldItalic: 'DejaVuSans-BoldOblique.ttf',
};

/**
 * apps/server/assets/fonts, found from this file whether it runs from src (vitest, tsx) or from
 * the esbuild bundle in apps/server/dist.
 */
export function fontsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'assets', 'fonts');
    if (existsSync(join(candidate, FILES.regular))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('The document fonts (assets/fonts) were not found next to the server');
}

let cache: Record<FontFace, Buffer> | null = null;

/** The TTF bytes of every face, read once per process (DejaVu covers Latin, Greek and Cyrillic). */
export function documentFonts(): Record<FontFace, Buffer> {
  if (!cache) {
    const folder = fontsFolder();
    cache = Object.fromEntries(
      Object.entries(FILES).map(([face, file]) => [face, readFileSync(join(folder, file))]),
    ) as Record<FontFace, Buffer>;
  }
  return cache;
}

/** Parsed fonts (fontkit objects, read from pdfkit once): parsing a TTF per document is the slow part. */
const parsed = new Map<FontFace, unknown>();

/**
 * Registers the four faces on a pdfkit document under their face names. The first document parses
 * the TTF files; later ones reuse the parsed fonts (pdfkit takes a font object with `layout`).
 */
export function registerDocumentFonts(doc: PDFKit.PDFDocument): void {
  const bytes = documentFonts();
  for (const face of Object.keys(FILES) as FontFace[]) {
    const cached = parsed.get(face);
    // fontkit keeps each glyph with the characters it was first drawn for, and pdfkit writes those
    // into the PDF's ToUnicode map: a glyph two characters share (DejaVu's Latin E and Greek
    // Epsilon) would read back as an earlier document's character. Each document starts afresh.
    if (cached) (cached as { _glyphs?: Record<number, unknown> })._glyphs = {};
    doc.registerFont(face, (cached ?? bytes[face]) as Buffer);
    if (!cached) {
      doc.font(face);
      const font = (doc as unknown as { _font?: { font?: { layout?: unknown } } })._font?.font;
      if (typeof font?.layout === 'function') parsed.set(face, font);
    }
  }
}
