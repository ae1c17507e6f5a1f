import { create, type Font } from 'fontkit';
import { documentFonts, type FontFace } from './fonts.js';
import type { Measure } from './wrapRuns.js';

/** The four faces, parsed once per thread: font data only, never any text. */
let faces: Record<FontFace, Font> | null = null;

function font(face: FontFace): Font {
  if (!faces) {
    const bytes = documentFonts();
    faces = {
      regular: create(bytes.regular),
      bold: create(bytes.bold),
      italic: create(bytes.italic),
      boldItalic: create(bytes.boldItalic),
    };
  }
  return faces[face];
}

/**
 * Width of text at size 1, as pdfkit lays it out when it draws: each word with the space after it
 * shaped on its own (kerning and ligatures within it), the widths added.
 */
function unitWidth(text: string, face: FontFace): number {
  const f = font(face);
  let width = 0;
  let last = 0;
  for (let i = 0; i <= text.length; i++) {
    const end = i === text.length ? last < i : text[i] === ' ' || text[i] === '\t';
    if (!end) continue;
    width += f.layout(text.slice(last, i + 1)).advanceWidth;
    last = i + 1;
  }
  return width / f.unitsPerEm;
}

/**
 * Text widths in the document fonts (the PDF's, and the RTF's DejaVu Sans), for one render: the
 * cache holds its text, which is patient data, so it lives only as long as the render.
 */
export function textMeasure(): Measure {
  const unitWidths = new Map<string, number>();
  return (text, face, size) => {
    const key = `${face}\u0000${text}`;
    let w = unitWidths.get(key);
    if (w === undefined) {
      w = unitWidth(text, face);
      unitWidths.set(key, w);
    }
    return w * size;
  };
}
