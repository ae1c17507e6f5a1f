import { gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import { type CdaNonXmlBodyInfo, message } from '@quill/core';
import { EMBEDDED_BODY_MAX_BYTES } from '../limits.js';
import { type Block, normaliseRuns, type Run } from './narrative.js';
import { child, textContent, type XmlElement } from './xmlTree.js';

/**
 * What a CDA `nonXMLBody` holds (component/nonXMLBody/text, an HL7 ED value): its media type, how
 * it is written, the file it refers to, and its content decoded within EMBEDDED_BODY_MAX_BYTES.
 */
export interface CdaNonXmlBody {
  /** The media type as written, text/plain when none is given (the ED default). */
  mediaType: string;
  representation: 'B64' | 'TXT';
  /** The ED compression code (DF, GZ, ZL, …), null when not compressed. */
  compression: string | null;
  /** `<reference value="…"/>`: an external file, null when none. */
  reference: string | null;
  content: EmbeddedContent;
}

/** The content of a non-XML body, decoded; `unreadable` says why it cannot be shown. */
export type EmbeddedContent =
  | { kind: 'text'; text: string }
  | { kind: 'pdf'; bytes: Buffer }
  /** No content of its own: the body is the file `reference` names (or nothing). */
  | { kind: 'none' }
  /** A media type Quill does not show (an image, a Word file…). */
  | { kind: 'unsupported' }
  | { kind: 'unreadable'; problem: 'base64' | 'tooLarge' | 'compression' };

const B64 = /^[A-Za-z0-9+/]*={0,2}$/;

class Unreadable extends Error {
  constructor(readonly problem: 'base64' | 'tooLarge' | 'compression') {
    super(problem);
  }
}

/** Base64 as bytes; throws Unreadable for text that is not base64 or decodes over `max`. */
function decodeBase64(text: string, max: number): Buffer {
  const compact = text.replace(/[\s]/g, '');
  if (!B64.test(compact) || compact.length % 4 === 1) throw new Unreadable('base64');
  if (Math.floor((compact.length * 3) / 4) > max) throw new Unreadable('tooLarge');
  return Buffer.from(compact, 'base64');
}

/** Inflates an ED compression (deflate, zlib, gzip) within `max` bytes. */
function inflate(bytes: Buffer, compression: string, max: number): Buffer {
  const inflater = { DF: inflateRawSync, ZL: inflateSync, GZ: gunzipSync }[compression];
  if (!inflater) throw new Unreadable('compression');
  try {
    return inflater(bytes, { maxOutputLength: max });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new Unreadable('tooLarge');
    throw new Unreadable('compression');
  }
}

/** Bytes as text in the charset a media type names ("text/plain; charset=ISO-8859-1"), else UTF-8. */
function decodeText(bytes: Buffer, mediaType: string): string {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(mediaType)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

const baseType = (mediaType: string) => mediaType.split(';')[0]!.trim().toLowerCase();

function readContent(
  text: XmlElement,
  mediaType: string,
  representation: 'B64' | 'TXT',
  compression: string | null,
  max: number,
): EmbeddedContent {
  // The ED's own text: its reference and thumbnail are elements, not content.
  const raw = text.children.map((c) => (c.type === 'text' ? c.text : '')).join('');
  const type = baseType(mediaType);
  if (!raw.trim()) return { kind: 'none' };
  const isText = type.startsWith('text/');
  if (!isText && type !== 'application/pdf') return { kind: 'unsupported' };
  try {
    let bytes: Buffer | null = null;
    if (representation === 'B64') bytes = decodeBase64(raw, max);
    else if (compression || !isText) bytes = Buffer.from(raw, 'latin1');
    if (bytes && compression) bytes = inflate(bytes, compression, max);
    if (type === 'application/pdf') return { kind: 'pdf', bytes: bytes! };
    const decoded = bytes ? decodeText(bytes, mediaType) : raw;
    if (Buffer.byteLength(decoded, 'utf8') > max) throw new Unreadable('tooLarge');
    return { kind: 'text', text: decoded.replace(/^\uFEFF/, '') };
  } catch (err) {
    if (err instanceof Unreadable) return { kind: 'unreadable', problem: err.problem };
    throw err;
  }
}

/** Reads component/nonXMLBody: its `text` element, decoded within `max` bytes. */
export function readNonXmlBody(body: XmlElement, max: number = EMBEDDED_BODY_MAX_BYTES): CdaNonXmlBody {
  const text = child(body, 'text');
  const mediaType = text?.attrs.mediaType?.trim() || 'text/plain';
  const representation = text?.attrs.representation?.trim().toUpperCase() === 'B64' ? 'B64' : 'TXT';
  const compression = text?.attrs.compression?.trim().toUpperCase() || null;
  const ref = child(text, 'reference');
  const reference = ref?.attrs.value?.trim() || (ref ? textContent(ref) : '') || null;
  return {
    mediaType,
    representation,
    compression,
    reference,
    content: text ? readContent(text, mediaType, representation, compression, max) : { kind: 'none' },
  };
}

const MB = 1024 * 1024;

/**
 * What to say in place of a non-XML body that is not text (issue 40): a PDF, a reference to an
 * external file, an empty body, a type Quill does not show, or content it could not read. Null
 * for a text body (shown as its text).
 */
export function nonXmlBodyNote(body: CdaNonXmlBody): string | null {
  const { content, mediaType } = body;
  switch (content.kind) {
    case 'text':
      return null;
    case 'pdf':
      return message('documents.render.body.embeddedPdf');
    case 'none':
      return body.reference
        ? message('documents.render.body.reference', { reference: body.reference, mediaType })
        : message('documents.render.body.empty');
    case 'unsupported':
      return message('documents.render.body.unsupported', { mediaType });
    case 'unreadable':
      if (content.problem === 'base64') return message('documents.render.body.badBase64', { mediaType });
      if (content.problem === 'tooLarge')
        return message('documents.render.body.tooLarge', { max: Math.round(EMBEDDED_BODY_MAX_BYTES / MB) });
      return message('documents.render.body.compression', { compression: body.compression ?? '' });
  }
}

/** A note as a paragraph in italics. */
export function noteBlock(note: string): Block {
  return { kind: 'paragraph', runs: [{ text: note, italic: true }] };
}

/** The narrative of a non-XML body: its text line by line, or a note saying what it is instead. */
export function nonXmlBodyBlocks(body: CdaNonXmlBody): Block[] {
  const note = nonXmlBodyNote(body);
  if (note !== null || body.content.kind !== 'text') return [noteBlock(note ?? '')];
  const lines = body.content.text.split(/\r?\n/);
  const runs = normaliseRuns(
    lines.flatMap((line, i): Run[] => (i ? [{ text: '\n' }, { text: line }] : [{ text: line }])),
  );
  return runs.length ? [{ kind: 'paragraph', runs }] : [];
}

/** What the editing model says of a non-XML body (issue 40): its kind, media type, reference and note. */
export function nonXmlBodyInfo(body: CdaNonXmlBody): CdaNonXmlBodyInfo {
  const { content } = body;
  const kind = content.kind === 'none' ? (body.reference ? 'reference' : 'empty') : content.kind;
  return { kind, mediaType: body.mediaType, reference: body.reference, note: nonXmlBodyNote(body) };
}
