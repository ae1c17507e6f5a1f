/** The part of fontkit (pdfkit's font engine, MIT) the document measure uses; it ships no types. */
declare module 'fontkit' {
  export interface Font {
    unitsPerEm: number;
    layout(text: string): { advanceWidth: number };
  }
  export function create(buffer: Buffer): Font;
}
