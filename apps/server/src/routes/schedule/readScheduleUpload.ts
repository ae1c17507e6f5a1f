import type { Readable } from 'node:stream';
import { message } from '@quill/core';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http/httpError.js';
import type { ScheduleUpload } from '../../services/schedule/validateHeadings.js';

/** Multipart limits of validateheadings: one file, a few short fields. */
export function scheduleUploadLimits(maxBytes: number) {
  return { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 50 };
}

const LIMIT_CODES = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

async function drain(stream: Readable): Promise<void> {
  for await (const _ of stream) {
    // discard
  }
}

/**
 * Reads a validateheadings multipart body: its fields, and field `file` into memory — never more
 * than the limit (past it the bytes are dropped, the rest of the body is still read so the browser
 * gets the 413 answer, and `tooLarge` says so). Fields may come before or after the file.
 */
export async function readScheduleUpload(req: FastifyRequest): Promise<ScheduleUpload> {
  const upload: ScheduleUpload = { fields: {}, file: null, tooLarge: false };
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
      throw new HttpError(400, message('schedule.badUpload'));
    }
    throw err;
  }
  return upload;
}
