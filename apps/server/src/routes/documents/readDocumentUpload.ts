import type { Readable } from 'node:stream';
import { message } from '@quill/core';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http/httpError.js';
import type { DocumentUpload } from '../../services/documents/importDocument.js';

/** Multipart limits of the document intake: one file, a few small fields. */
export function documentUploadLimits(maxBytes: number) {
  return { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 8, headerPairs: 50 };
}

const LIMIT_CODES = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

async function drain(stream: Readable): Promise<void> {
  for await (const _ of stream) {
    // discard
  }
}

/**
 * Reads the `file` field of a document intake body into memory, never more than the limit: past
 * it the bytes are dropped (the rest of the body is still read, so the caller gets the 413 answer
 * rather than a reset connection) and `tooLarge` says so.
 */
export async function readDocumentUpload(req: FastifyRequest): Promise<DocumentUpload> {
  const upload: DocumentUpload = { file: null, tooLarge: false };
  if (!req.isMultipart()) return upload;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'file' || upload.file || upload.tooLarge) {
        await drain(part.file);
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        if (!part.file.truncated) chunks.push(chunk);
      }
      if (part.file.truncated) upload.tooLarge = true;
      else upload.file = { bytes: Buffer.concat(chunks), filename: part.filename };
    }
  } catch (err) {
    if (LIMIT_CODES.has((err as { code?: string }).code ?? '')) {
      throw new HttpError(400, message('documents.import.noFile'));
    }
    throw err;
  }
  return upload;
}
