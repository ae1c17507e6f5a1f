import PDFDocument from 'pdfkit';
import { type FontFace, registerDocumentFonts } from '../../documents/pdf/fonts.js';

type Command = { command: string; args: number[] };
type Glyph = { id: number; path: { commands: Command[] } };

/** The part of a fontkit font (as pdfkit parses it) that drawing text needs. */
interface GlyphFont {
  unitsPerEm: number;
  layout(text: string): {
    glyphs: Glyph[];
    positions: { xAdvance: number; xOffset: number; yOffset: number }[];
  };
}

const fonts = new Map<FontFace, GlyphFont>();

/** DejaVu Sans of the documents, parsed by pdfkit's fontkit (no font library of our own). */
function glyphFont(face: FontFace): GlyphFont {
  let font = fonts.get(face);
  if (!font) {
    const doc = new PDFDocument({ autoFirstPage: false });
    registerDocumentFonts(doc);
    doc.font(face);
    font = (doc as unknown as { _font: { font: GlyphFont } })._font.font;
    fonts.set(face, font);
  }
  return font;
}

type Point = { x: number; y: number };
type Edge = { x0: number; y0: number; x1: number; y1: number; dir: 1 | -1 };

const SUBSAMPLES = 4;
const CURVE_STEPS = 8;
/** Glyphs are placed at quarter-pixel horizontal positions (and whole-pixel baselines). */
const X_STEPS = 4;

function curvePoint(p0: Point, pts: Point[], t: number): Point {
  const u = 1 - t;
  const [a, b, c] = pts as [Point, Point, Point?];
  if (!c)
    return {
      x: u * u * p0.x + 2 * u * t * a.x + t * t * b.x,
      y: u * u * p0.y + 2 * u * t * a.y + t * t * b.y,
    };
  return {
    x: u ** 3 * p0.x + 3 * u * u * t * a.x + 3 * u * t * t * b.x + t ** 3 * c.x,
    y: u ** 3 * p0.y + 3 * u * u * t * a.y + 3 * u * t * t * b.y + t ** 3 * c.y,
  };
}

/** A glyph's outline as line edges in pixels, its origin at (ox, 0), y down (curves cut into lines). */
function glyphEdges(commands: Command[], scale: number, ox: number): Edge[] {
  const edges: Edge[] = [];
  let start: Point = { x: 0, y: 0 };
  let current = start;
  const lineTo = (to: Point) => {
    if (to.y !== current.y) {
      edges.push({ x0: current.x, y0: current.y, x1: to.x, y1: to.y, dir: to.y > current.y ? 1 : -1 });
    }
    current = to;
  };
  const point = (a: number[], k: number): Point => ({ x: ox + a[k]! * scale, y: -a[k + 1]! * scale });
  for (const { command, args } of commands) {
    if (command === 'moveTo') {
      lineTo(start);
      start = point(args, 0);
      current = start;
    } else if (command === 'lineTo') {
      lineTo(point(args, 0));
    } else if (command === 'quadraticCurveTo' || command === 'bezierCurveTo') {
      const p0 = current;
      const pts = [];
      for (let k = 0; k < args.length; k += 2) pts.push(point(args, k));
      for (let s = 1; s <= CURVE_STEPS; s++) lineTo(curvePoint(p0, pts, s / CURVE_STEPS));
    } else if (command === 'closePath') {
      lineTo(start);
    }
  }
  lineTo(start);
  return edges;
}

/** A glyph drawn once: its coverage (0–1) in a box whose top-left is (left, top) from the origin. */
interface GlyphMask {
  left: number;
  top: number;
  width: number;
  height: number;
  alpha: Float32Array;
}

/** Fills an outline (non-zero rule) into a coverage mask: four sub-rows, exact coverage along each. */
function rasterize(edges: Edge[]): GlyphMask | null {
  if (edges.length === 0) return null;
  const left = Math.floor(Math.min(...edges.map((e) => Math.min(e.x0, e.x1))));
  const top = Math.floor(Math.min(...edges.map((e) => Math.min(e.y0, e.y1))));
  const width = Math.ceil(Math.max(...edges.map((e) => Math.max(e.x0, e.x1)))) - left + 1;
  const height = Math.ceil(Math.max(...edges.map((e) => Math.max(e.y0, e.y1)))) - top + 1;
  const alpha = new Float32Array(width * height);
  const add = (row: number, from: number, to: number) => {
    const a = Math.max(0, from - left);
    const b = Math.min(width, to - left);
    if (b <= a) return;
    const w = 1 / SUBSAMPLES;
    const first = Math.floor(a);
    const last = Math.floor(b);
    const base = row * width;
    if (first === last) {
      alpha[base + first]! += (b - a) * w;
      return;
    }
    alpha[base + first]! += (first + 1 - a) * w;
    for (let col = first + 1; col < last; col++) alpha[base + col]! += w;
    if (last < width) alpha[base + last]! += (b - last) * w;
  };
  const hits: { x: number; dir: number }[] = [];
  for (let row = 0; row < height; row++) {
    for (let s = 0; s < SUBSAMPLES; s++) {
      const y = top + row + (s + 0.5) / SUBSAMPLES;
      hits.length = 0;
      for (const e of edges) {
        const lo = e.y0 < e.y1 ? e.y0 : e.y1;
        const hi = e.y0 < e.y1 ? e.y1 : e.y0;
        if (y >= lo && y < hi)
          hits.push({ x: e.x0 + ((y - e.y0) / (e.y1 - e.y0)) * (e.x1 - e.x0), dir: e.dir });
      }
      hits.sort((a, b) => a.x - b.x);
      let winding = 0;
      for (let h = 0; h < hits.length - 1; h++) {
        winding += hits[h]!.dir;
        if (winding !== 0) add(row, hits[h]!.x, hits[h + 1]!.x);
      }
    }
  }
  return { left, top, width, height, alpha };
}

const masks = new Map<string, GlyphMask | null>();

/** The mask of a glyph at a size and quarter-pixel offset, drawn once per process. */
function glyphMask(face: FontFace, font: GlyphFont, glyph: Glyph, sizePx: number, step: number) {
  const key = `${face}|${sizePx}|${glyph.id}|${step}`;
  if (!masks.has(key)) {
    masks.set(key, rasterize(glyphEdges(glyph.path.commands, sizePx / font.unitsPerEm, step / X_STEPS)));
  }
  return masks.get(key) ?? null;
}

/**
 * A grey page to draw on (0 black … 255 white), for the demo's scanned letters: text in DejaVu
 * Sans (each glyph filled once per size and quarter-pixel position with the non-zero rule and
 * anti-aliasing, then stamped), rules, and a little scanner dust. Deterministic: the same calls
 * give the same bytes.
 */
export class Raster {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    paper = 250,
  ) {
    this.pixels = new Uint8Array(width * height).fill(paper);
  }

  /** The width in pixels `text` takes at `sizePx`. */
  measure(text: string, sizePx: number, face: FontFace = 'regular'): number {
    const font = glyphFont(face);
    const run = font.layout(text);
    return run.positions.reduce((sum, p) => sum + p.xAdvance, 0) * (sizePx / font.unitsPerEm);
  }

  /** Draws one line of text with its baseline at `baseline` (rounded to a whole pixel). */
  text(
    text: string,
    x: number,
    baseline: number,
    sizePx: number,
    opts: { face?: FontFace; ink?: number } = {},
  ) {
    const face = opts.face ?? 'regular';
    const font = glyphFont(face);
    const scale = sizePx / font.unitsPerEm;
    const run = font.layout(text);
    let pen = x;
    run.glyphs.forEach((glyph, i) => {
      const pos = run.positions[i]!;
      const gx = pen + pos.xOffset * scale;
      const whole = Math.floor(gx);
      const step = Math.round((gx - whole) * X_STEPS);
      const mask = glyphMask(face, font, glyph, sizePx, step);
      if (mask) this.stamp(mask, whole, Math.round(baseline - pos.yOffset * scale), opts.ink ?? 30);
      pen += pos.xAdvance * scale;
    });
  }

  /** Darkens the page under a glyph's mask placed at its origin (ox, oy). */
  private stamp(mask: GlyphMask, ox: number, oy: number, ink: number) {
    for (let row = 0; row < mask.height; row++) {
      const y = oy + mask.top + row;
      if (y < 0 || y >= this.height) continue;
      for (let col = 0; col < mask.width; col++) {
        const x = ox + mask.left + col;
        const c = Math.min(1, mask.alpha[row * mask.width + col]!);
        if (c <= 0 || x < 0 || x >= this.width) continue;
        const at = y * this.width + x;
        this.pixels[at] = Math.round(this.pixels[at]! * (1 - c) + ink * c);
      }
    }
  }

  /** A filled rectangle (rules, boxes). */
  rect(x: number, y: number, w: number, h: number, ink = 40) {
    for (let row = Math.max(0, y); row < Math.min(this.height, y + h); row++) {
      this.pixels.fill(
        ink,
        row * this.width + Math.max(0, x),
        row * this.width + Math.min(this.width, x + w),
      );
    }
  }

  /** Scanner dust: `count` small dark specks at places `next()` (0–1) picks. */
  speckle(count: number, next: () => number) {
    for (let i = 0; i < count; i++) {
      const x = Math.floor(next() * this.width);
      const y = Math.floor(next() * this.height);
      const ink = 60 + Math.floor(next() * 120);
      this.rect(x, y, 1 + Math.floor(next() * 2), 1 + Math.floor(next() * 2), ink);
    }
  }
}
