import { PassThrough, type Readable } from 'node:stream';
import type { SaveFormat } from '@quill/core';
import { ZipFile } from 'yazl';
import type { AppContext } from '../../context.js';
import type { Auth } from '../auth/auth.js';
import { recordDocumentDownloads } from './recordDocumentDownloads.js';
import { type RenderedDocument, renderJobDocument } from './renderJobDocument.js';
import { requireDocuments } from './requireDocuments.js';

/** The zip answer: a stream of its bytes and its name. */
export interface ZipDownload {
  fileName: string;
  body: Readable;
}

/**
 * GET /api/file/BulkDownload?jobIds&format (spec 01 §7): the selected jobs' documents in one
 * `Jobs.zip`, an entry `Job-{jobId}.{pdf|rtf|xml}` per job in the order asked. Every job is checked
 * (tenant, has a document — a CDA for xml) and the first is rendered before the answer starts, so those failures
 * are clean error answers; the others are rendered one at a time as the zip streams out, so no
 * more than one document is held in memory. A later failure (logged) breaks the stream, which the
 * browser reports as a failed download.
 */
export async function bulkDownloadJobs(
  ctx: AppContext,
  auth: Auth,
  req: { jobIds: readonly number[]; format: SaveFormat; ip: string | null },
): Promise<ZipDownload> {
  const found = await requireDocuments(ctx, auth, req.jobIds, { cda: req.format === 'xml' });
  let first: RenderedDocument | null = await renderJobDocument(ctx, found[0]!.id, req.format);
  await recordDocumentDownloads(ctx, auth, found, { format: req.format, via: 'zip', ip: req.ip });

  const zip = new ZipFile();
  const body = new PassThrough();
  zip.on('error', (err: Error) => {
    ctx.log.error({ err: { message: err.message } }, 'bulk download stopped');
    body.destroy(err);
  });
  // PDFs are already compressed inside; RTF and XML are plain text and shrink well.
  const options = { compress: req.format !== 'pdf', mtime: new Date() };
  found.forEach((job, i) => {
    zip.addReadStreamLazy(`Job-${job.id}.${req.format}`, options, (cb) => {
      const bytes = i === 0 && first ? Promise.resolve(first) : renderJobDocument(ctx, job.id, req.format);
      first = null;
      bytes.then(
        (doc) => cb(null, bufferStream(doc.bytes)),
        (err: Error) => cb(err, undefined as unknown as Readable),
      );
    });
  });
  zip.end();
  zip.outputStream.pipe(body);
  return { fileName: 'Jobs.zip', body };
}

function bufferStream(bytes: Buffer): Readable {
  const s = new PassThrough();
  s.end(bytes);
  return s;
}
