import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { type MessageKey, message } from '@quill/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalid } from '../../errors/domainErrors.js';

/** Multipart limits of a one-file upload form: one file, a handful of short fields. */
export function multipartUploadLimits(maxBytes: number, fieldSize = 1024) {
  return { fileSize: maxBytes, files: 1, fields: 10, fieldSize, parts: 12, headerPairs: 50 };
}

/**
 * The multipart edge of an upload plugin (issue 41): form uploads for the routes of the plugin it
 * is registered in only (Fastify encapsulation), within `limits`. A body of a type no parser takes
 * (an octet stream, XML …) is refused with the same 400 as a broken form upload, rather than 415:
 * what the caller must do is the same — send the form. JSON and text bodies still reach the route,
 * which answers what is missing ("Choose a file …").
 */
export async function registerMultipartUploads(
  app: FastifyInstance,
  limits: ReturnType<typeof multipartUploadLimits>,
): Promise<void> {
  await app.register(multipart, { limits, throwFileSizeLimit: false });
  app.addContentTypeParser('*', (_req, _body, done) => done(invalid(message('api.badMultipart'))));
}

/** A one-file multipart body as read by {@link readMultipartUpload}. */
export interface MultipartUpload {
  /** The text fields, by name (the last value when a name repeats). */
  fields: Record<string, string>;
  /** The file of field `file`, read whole; null when none was sent. */
  file: { bytes: Buffer; filename: string } | null;
  /** The file ran past the upload limit (its bytes were dropped). */
  tooLarge: boolean;
}

const LIMIT_CODES = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

async function drain(stream: Readable): Promise<void> {
  for await (const _ of stream) {
    // discard
  }
}

/**
 * Reads a one-file multipart body: its fields, and field `file` into memory — never more than the
 * limit: past it the bytes are dropped (the rest of the body is still read, so the browser gets
 * the 413 answer rather than a reset connection) and `tooLarge` says so. The fields may come
 * before or after the file. A body past the part, file or field limits fails with a 400 of
 * message `badUpload`; a body that is no well-formed form upload (no boundary, a part cut short,
 * JSON or another boundary's parts under a multipart content type) with the 400 `api.badMultipart`
 * — nothing of it has reached a service, so nothing is stored.
 */
export async function readMultipartUpload(
  req: FastifyRequest,
  badUpload: MessageKey,
): Promise<MultipartUpload> {
  const upload: MultipartUpload = { fields: {}, file: null, tooLarge: false };
  if (!req.isMultipart()) return upload;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        upload.fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || upload.file || upload.tooLarge) {
        await drain(part.file);
        continue;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        if (part.file.truncated) {
          chunks.length = 0;
          continue;
        }
        chunks.push(chunk);
        size += chunk.length;
      }
      if (part.file.truncated) upload.tooLarge = true;
      else upload.file = { bytes: Buffer.concat(chunks, size), filename: part.filename };
    }
  } catch (err) {
    if (LIMIT_CODES.has((err as { code?: string }).code ?? '')) {
      throw invalid(message(badUpload));
    }
    // Everything the loop does is read the body: any other failure is the body's (busboy's
    // "Unexpected end of form", "Malformed part header", a missing boundary, a dropped request).
    throw invalid(message('api.badMultipart'));
  }
  return upload;
}
