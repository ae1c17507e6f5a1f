import { StringDecoder } from 'node:string_decoder';
import yauzl from 'yauzl';
import { DocumentLimitError, type DocumentLimits, ForbiddenMarkupError } from './limits.js';
import { XmlGuard } from './xmlGuard.js';

/** Thrown when bytes are not a readable zip archive; `detail` says why. */
export class ZipError extends Error {
  constructor(readonly detail: string) {
    super(`Not a readable zip archive: ${detail}`);
    this.name = 'ZipError';
  }
}

/** XML parts of an Office Open XML package (parts, relationships, content types). */
const isXmlPart = (name: string) => /\.(xml|rels)$/i.test(name);

/**
 * Whether a part name is safe to hold: relative, no `..` segment, no drive or backslash, no
 * control character (a zip-slip name would write outside a folder it were unpacked into).
 */
export function safePartName(name: string): boolean {
  if (name === '' || name.startsWith('/') || name.includes('\\') || /^[A-Za-z]:/.test(name)) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f]/.test(name)) return false;
  return !name.split('/').some((segment) => segment === '..');
}

function openZip(bytes: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      bytes,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false },
      (err, zip) => (err || !zip ? reject(new ZipError(err?.message ?? 'not a zip file')) : resolve(zip)),
    );
  });
}

export interface ZipReadOptions {
  /** The package's name in messages ('the Word document'). */
  what: string;
  /** Which parts' bytes to keep and return (all are inflated and checked). */
  keep: (name: string) => boolean;
}

/**
 * Reads every part of a zip package within the bounds: part names safe (zip-slip), at most
 * `maxParts` parts, each part's inflated bytes counted AS IT INFLATES — an XML part against
 * `maxXmlBytes` and scanned by {@link XmlGuard} (elements, attributes, depth, no DOCTYPE), any
 * other against `maxPartBytes`, all together against `maxInflatedBytes` — and stopped the moment a
 * bound is crossed, so a bomb is never inflated whole. Returns the kept parts by name. Throws
 * {@link ZipError}, {@link DocumentLimitError} or {@link ForbiddenMarkupError}.
 */
export async function readZipParts(
  bytes: Buffer,
  limits: DocumentLimits,
  opts: ZipReadOptions,
): Promise<Map<string, Buffer>> {
  const zip = await openZip(bytes);
  const kept = new Map<string, Buffer>();
  let parts = 0;
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      let settled = false;
      const fail = (err: unknown) => {
        if (settled) return;
        settled = true;
        // yauzl refuses absolute and `..` names itself: the same refusal as ours.
        const unsafe =
          err instanceof Error && /^(invalid relative path|absolute path): (.*)$/.exec(err.message);
        if (unsafe) return reject(new ForbiddenMarkupError(`a part named “${unsafe[2]}”`, opts.what));
        reject(
          err instanceof DocumentLimitError || err instanceof ForbiddenMarkupError || err instanceof ZipError
            ? err
            : new ZipError(err instanceof Error ? err.message : String(err)),
        );
      };
      zip.on('error', fail);
      zip.on('end', () => {
        if (settled) return;
        settled = true;
        resolve();
      });
      zip.on('entry', (entry: yauzl.Entry) => {
        if (settled) return;
        const name = entry.fileName;
        const what = `${opts.what} part ${name}`;
        if (!safePartName(name)) return fail(new ForbiddenMarkupError(`a part named “${name}”`, opts.what));
        parts += 1;
        if (parts > limits.maxParts)
          return fail(new DocumentLimitError('maxParts', limits.maxParts, opts.what));
        if (name.endsWith('/')) return zip.readEntry();
        const xml = isXmlPart(name);
        const bound = xml ? 'maxXmlBytes' : 'maxPartBytes';
        // A part that says it is too large is refused before a byte is inflated.
        if (entry.uncompressedSize > limits[bound])
          return fail(new DocumentLimitError(bound, limits[bound], what));
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return fail(err ?? new ZipError(`cannot read ${name}`));
          const guard = xml ? new XmlGuard(limits, what) : null;
          const decoder = new StringDecoder('utf8');
          const chunks: Buffer[] = [];
          let size = 0;
          const stop = (e: unknown) => {
            stream.destroy();
            fail(e);
          };
          stream.on('data', (chunk: Buffer) => {
            if (settled) return;
            size += chunk.length;
            total += chunk.length;
            try {
              if (!xml && size > limits.maxPartBytes)
                throw new DocumentLimitError('maxPartBytes', limits.maxPartBytes, what);
              if (total > limits.maxInflatedBytes)
                throw new DocumentLimitError('maxInflatedBytes', limits.maxInflatedBytes, opts.what);
              guard?.push(decoder.write(chunk), chunk.length);
            } catch (e) {
              return stop(e);
            }
            if (opts.keep(name)) chunks.push(chunk);
          });
          stream.on('error', stop);
          stream.on('end', () => {
            if (settled) return;
            if (opts.keep(name)) kept.set(name, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return kept;
}
