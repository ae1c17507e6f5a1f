import yauzl from 'yauzl';
import { DOCX_MAIN_PART, MAX_PART_BYTES, NotDocxError } from './readDocx.js';

/** What a Word package may hold before it is refused (a zip bomb stops at the central directory). */
export const DOCX_PACKAGE_LIMITS = {
  /** Parts in the package (a long document with images has a few hundred). */
  maxEntries: 5_000,
  /** All parts together, inflated. */
  maxTotalBytes: 256 * 1024 * 1024,
  /** The main part, inflated: the same bound the document intake's reader applies. */
  maxMainPartBytes: MAX_PART_BYTES,
  /** How much of the main part's start is read to find its root element. */
  headBytes: 64 * 1024,
} as const;

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const CONTENT_TYPES = '[Content_Types].xml';

function openZip(bytes: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (err, zip) =>
      err || !zip ? reject(new NotDocxError(err?.message ?? 'not a zip file')) : resolve(zip),
    );
  });
}

/** The main part's start must be a WordprocessingML `document` element. */
function checkMainPartHead(head: string): void {
  const root = /<(?:([A-Za-z_][\w.-]*):)?document[\s/>]/.exec(
    head.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, ''),
  );
  if (!root) throw new NotDocxError(`${DOCX_MAIN_PART} has no WordprocessingML document element`);
  const prefix = root[1];
  const declared = prefix ? `xmlns:${prefix}="${W}"` : `xmlns="${W}"`;
  if (!head.includes(declared) && !head.includes(declared.replace(/"/g, "'")))
    throw new NotDocxError(`${DOCX_MAIN_PART} is not in the WordprocessingML namespace`);
}

/** Reads the main part through to its end (sizes checked by the zip reader), keeping its start. */
function readMainPart(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<string> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(new NotDocxError(err?.message ?? `cannot read ${DOCX_MAIN_PART}`));
      const head: Buffer[] = [];
      let kept = 0;
      stream.on('data', (chunk: Buffer) => {
        if (kept >= DOCX_PACKAGE_LIMITS.headBytes) return;
        head.push(chunk);
        kept += chunk.length;
      });
      stream.on('error', (e: Error) => reject(new NotDocxError(e.message)));
      stream.on('end', () =>
        resolve(Buffer.concat(head).subarray(0, DOCX_PACKAGE_LIMITS.headBytes).toString('utf8')),
      );
    });
  });
}

/**
 * Whether bytes are a real, bounded Word document, without parsing it on the event loop: a zip
 * (its central directory readable) of at most {@link DOCX_PACKAGE_LIMITS} parts and inflated
 * bytes, with `[Content_Types].xml` and a `word/document.xml` whose root is a WordprocessingML
 * document. The main part is inflated as a stream (zlib works off the event loop) so a part that
 * inflates to more than it declares is caught. Throws {@link NotDocxError} with the reason.
 */
export async function checkDocxPackage(bytes: Buffer): Promise<void> {
  if (!bytes.subarray(0, 4).equals(ZIP_MAGIC)) throw new NotDocxError('not a zip file');
  const zip = await openZip(bytes);
  try {
    await new Promise<void>((resolve, reject) => {
      let entries = 0;
      let total = 0;
      let contentTypes = false;
      let mainPart = false;
      const fail = (err: unknown) =>
        reject(err instanceof NotDocxError ? err : new NotDocxError(String(err)));
      zip.on('error', fail);
      zip.on('end', () => {
        if (!contentTypes) return reject(new NotDocxError(`the package has no ${CONTENT_TYPES}`));
        if (!mainPart) return reject(new NotDocxError(`the package has no ${DOCX_MAIN_PART}`));
        resolve();
      });
      zip.on('entry', (entry: yauzl.Entry) => {
        entries += 1;
        total += entry.uncompressedSize;
        if (entries > DOCX_PACKAGE_LIMITS.maxEntries)
          return fail(new NotDocxError(`the package has more than ${DOCX_PACKAGE_LIMITS.maxEntries} parts`));
        if (total > DOCX_PACKAGE_LIMITS.maxTotalBytes)
          return fail(
            new NotDocxError(`the package inflates to more than ${DOCX_PACKAGE_LIMITS.maxTotalBytes} bytes`),
          );
        if (entry.fileName === CONTENT_TYPES) contentTypes = true;
        if (entry.fileName !== DOCX_MAIN_PART) return zip.readEntry();
        if (entry.uncompressedSize > DOCX_PACKAGE_LIMITS.maxMainPartBytes)
          return fail(
            new NotDocxError(
              `${DOCX_MAIN_PART} is larger than ${DOCX_PACKAGE_LIMITS.maxMainPartBytes} bytes`,
            ),
          );
        readMainPart(zip, entry)
          .then((head) => {
            checkMainPartHead(head);
            mainPart = true;
            zip.readEntry();
          })
          .catch(fail);
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}
