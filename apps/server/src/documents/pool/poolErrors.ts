import { DomainError } from '../../errors/domainErrors.js';
import { CdaEditError } from '../cda/edit/applyCdaEdits.js';
import { XmlScanError } from '../cda/edit/xmlScanner.js';
import { NotCdaError } from '../cda/readCda.js';
import { XmlSyntaxError } from '../cda/xmlTree.js';
import { NotDocxError } from '../docx/readDocx.js';
import { DocumentLimitError, ForbiddenMarkupError, NarrativeLimitError } from '../limits.js';
import { CsvError } from '../sheet/readCsv.js';
import { SheetLimitError } from '../sheet/sheetLimits.js';
import { NotXlsxError } from '../xlsx/readXlsxRows.js';
import { ZipError } from '../zipParts.js';

/** Bytes that are neither a zip nor UTF-8 markup: no format the intake takes. */
export class UnsupportedDocumentError extends Error {
  constructor() {
    super('neither a zip package nor UTF-8 markup');
    this.name = 'UnsupportedDocumentError';
  }
}

/** The errors a document task may throw that callers tell apart: they cross threads as themselves. */
const KNOWN: Record<string, { prototype: Error }> = {
  DomainError,
  CdaEditError,
  XmlScanError,
  NotCdaError,
  XmlSyntaxError,
  NotDocxError,
  NotXlsxError,
  CsvError,
  SheetLimitError,
  DocumentLimitError,
  NarrativeLimitError,
  ForbiddenMarkupError,
  ZipError,
  UnsupportedDocumentError,
};

/** An error as plain data: its class name, message and own fields (detail, limit, kind…). */
export interface SerializedError {
  name: string;
  message: string;
  fields: Record<string, unknown>;
}

export function serializeError(err: unknown): SerializedError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(err)) {
    if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) fields[k] = v;
  }
  return { name: err.name, message: err.message, fields };
}

/** The error again, of its own class when it is one callers tell apart (instanceof holds). */
export function deserializeError(data: SerializedError): Error {
  const known = KNOWN[data.name];
  const err: Error = known ? Object.create(known.prototype) : new Error(data.message);
  Object.assign(err, data.fields);
  Object.defineProperty(err, 'message', { value: data.message, writable: true, configurable: true });
  Object.defineProperty(err, 'name', { value: data.name, writable: true, configurable: true });
  if (known) Error.captureStackTrace(err, deserializeError);
  return err;
}

/** A document job ran past DOCUMENT_JOB_TIMEOUT_SECONDS; its thread was stopped. */
export class DocumentTimeoutError extends Error {
  constructor(readonly seconds: number) {
    super(`the document job ran past ${seconds} s`);
    this.name = 'DocumentTimeoutError';
  }
}

/** A document job needed more heap than DOCUMENT_WORKER_MEMORY_MB; its thread was stopped. */
export class DocumentMemoryError extends Error {
  constructor(readonly megabytes: number) {
    super(`the document job needed more than ${megabytes} MB`);
    this.name = 'DocumentMemoryError';
  }
}

/** Bytes as a Buffer again after crossing a thread (structured clone gives a Uint8Array). */
export const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
