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

/** A fontkit glyph as pdfkit reads it: the characters it stands for go into the PDF's ToUnicode map. */
interface FontkitGlyph {
  codePoints: number[];
  isMark: boolean;
  isLigature: boolean;
}
interface FontkitFont {
  getGlyph(id: number, characters?: number[]): FontkitGlyph | null;
}

/** fontkit's TrueType internals the subset below reads (DejaVu: glyf outlines, no variations). */
interface TrueTypeFont extends FontkitFont {
  loca: { offsets: number[] };
  _variationProcessor?: unknown;
  _getTableStream(tag: 'glyf'): { pos: number; readBuffer(length: number): Uint8Array };
  createSubset(): TrueTypeSubset;
}
interface TrueTypeGlyph extends FontkitGlyph {
  advanceWidth: number;
  _decode(): { numberOfContours: number; components?: { glyphID: number; pos: number }[] } | null;
  _getMetrics(): { leftBearing: number };
}
interface TrueTypeSubset {
  glyf: Uint8Array[];
  loca: { offsets: number[] };
  hmtx: { metrics: { advance: number; bearing: number }[] };
  offset: number;
  includeGlyph(id: number): number;
  _addGlyph(id: number): number;
}

/** What a subset copies of a glyph: its outline bytes, its components (a compound glyph), its metrics. */
interface GlyphData {
  bytes: Uint8Array;
  components: { glyphID: number; pos: number }[] | null;
  advance: number;
  bearing: number;
}

/**
 * Each PDF embeds a subset of the fonts it draws with, and fontkit's subset decodes every glyph's
 * outline again for every document just to see whether it is a compound glyph. Here a glyph's
 * bytes, components and metrics (font data, never any text) are read once per thread and copied
 * into each subset as fontkit's own `_addGlyph` would copy them: the embedded font is the same.
 */
function subsetKeepingGlyphs(font: TrueTypeFont): void {
  if (font._variationProcessor) return;
  const kept = new Map<number, GlyphData>();
  const createSubset = font.createSubset;
  font.createSubset = function (this: TrueTypeFont) {
    const subset = createSubset.call(this);
    subset._addGlyph = function (this: TrueTypeSubset, gid: number) {
      let data = kept.get(gid);
      if (!data) {
        const glyph = font.getGlyph(gid) as TrueTypeGlyph;
        const glyf = glyph._decode();
        const stream = font._getTableStream('glyf');
        stream.pos += font.loca.offsets[gid]!;
        data = {
          bytes: stream.readBuffer(font.loca.offsets[gid + 1]! - font.loca.offsets[gid]!),
          components: glyf && glyf.numberOfContours < 0 ? (glyf.components ?? []) : null,
          advance: glyph.advanceWidth,
          bearing: glyph._getMetrics().leftBearing,
        };
        kept.set(gid, data);
      }
      let bytes = data.bytes;
      if (data.components) {
        // A compound glyph names its components by id: renumbered as this subset numbers them.
        bytes = new Uint8Array(bytes);
        const view = new DataView(bytes.buffer);
        for (const c of data.components) view.setUint16(c.pos, this.includeGlyph(c.glyphID));
      }
      this.glyf.push(bytes);
      this.loca.offsets.push(this.offset);
      this.hmtx.metrics.push({ advance: data.advance, bearing: data.bearing });
      this.offset += bytes.length;
      return this.glyf.length - 1;
    };
    return subset;
  };
}

/** Parsed fonts (fontkit objects, read from pdfkit once): parsing a TTF per document is the slow part. */
const parsed = new Map<FontFace, { font: FontkitFont; drawn: Set<number> }>();

/**
 * fontkit keeps one glyph object per glyph id, with the characters it was first asked for, and
 * pdfkit writes those into the PDF's ToUnicode map: a glyph two characters share (DejaVu's Latin E
 * and Greek Epsilon) would read back as an earlier document's character. So each document gives a
 * glyph the characters of its own first use, as a freshly parsed font would, while the glyph's
 * decoded outline and metrics (the costly part) stay shared. `drawn` holds the glyph ids the
 * current document has asked for; it is emptied when the next document registers the font.
 */
function charactersPerDocument(font: FontkitFont): Set<number> {
  const drawn = new Set<number>();
  const getGlyph = font.getGlyph;
  font.getGlyph = function (this: FontkitFont, id: number, characters: number[] = []) {
    const glyph = getGlyph.call(this, id, characters);
    if (glyph && !drawn.has(id)) {
      drawn.add(id);
      if (glyph.codePoints !== characters) {
        // The glyph as fontkit would make it for these characters (its constructor only reads them).
        const Glyph = glyph.constructor as new (id: number, c: number[], f: FontkitFont) => FontkitGlyph;
        const fresh = new Glyph(id, characters, this);
        glyph.codePoints = fresh.codePoints;
        glyph.isMark = fresh.isMark;
        glyph.isLigature = fresh.isLigature;
      }
    }
    return glyph;
  };
  return drawn;
}

/**
 * Registers the four faces on a pdfkit document under their face names. The first document parses
 * the TTF files; later ones reuse the parsed fonts (pdfkit takes a font object with `layout`).
 */
export function registerDocumentFonts(doc: PDFKit.PDFDocument): void {
  const bytes = documentFonts();
  for (const face of Object.keys(FILES) as FontFace[]) {
    const cached = parsed.get(face);
    cached?.drawn.clear();
    doc.registerFont(face, (cached?.font ?? bytes[face]) as unknown as Buffer);
    if (!cached) {
      doc.font(face);
      const font = (doc as unknown as { _font?: { font?: FontkitFont & { layout?: unknown } } })._font?.font;
      if (font && typeof font.layout === 'function') {
        subsetKeepingGlyphs(font as TrueTypeFont);
        parsed.set(face, { font, drawn: charactersPerDocument(font) });
      }
    }
  }
}
