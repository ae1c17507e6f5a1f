import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, type Dirent } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { type BlobInfo, BlobNotFoundError, type BlobStore, type ListedBlob } from './blobStore.js';

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;
const SEGMENT_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Orders keys segment by segment ('a/z' before 'a-b'), the order a folder-by-folder walk yields. */
export function compareKeySegments(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  }
  return a.length - b.length;
}

/** BlobStore on a local directory. Writes go to a temporary file and are renamed into place. */
export class FsBlobStore implements BlobStore {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`Invalid blob key: ${key}`);
    const full = join(this.root, ...key.split('/'));
    if (!full.startsWith(this.root + sep)) throw new Error(`Invalid blob key: ${key}`);
    return full;
  }

  async putContent(
    bytes: Buffer | Uint8Array,
    opts: { prefix?: string; extension?: string } = {},
  ): Promise<BlobInfo> {
    const hash = createHash('sha256').update(bytes).digest('hex');
    const ext = opts.extension ? `.${opts.extension.replace(/^\./, '')}` : '';
    const key = `${opts.prefix ?? 'cas'}/${hash.slice(0, 2)}/${hash}${ext}`;
    const path = this.pathOf(key);
    try {
      const s = await stat(path);
      if (s.size === bytes.byteLength) {
        // Modified now: the orphan sweep leaves it alone for its grace period (blobStore.ts).
        const now = new Date();
        await utimes(path, now, now);
        return { key, size: s.size };
      }
    } catch {
      // not stored yet, or removed by the orphan sweep since the stat: written again below
    }
    return this.put(key, bytes);
  }

  async put(key: string, bytes: Buffer | Uint8Array): Promise<BlobInfo> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(tmp, bytes);
    await rename(tmp, path);
    return { key, size: bytes.byteLength };
  }

  async get(key: string): Promise<Buffer> {
    try {
      return await readFile(this.pathOf(key));
    } catch (err) {
      throw notFound(err, key);
    }
  }

  async stream(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const path = this.pathOf(key);
    try {
      await stat(path);
    } catch (err) {
      throw notFound(err, key);
    }
    return createReadStream(path, range ? { start: range.start, end: range.end } : {});
  }

  async size(key: string): Promise<number> {
    try {
      return (await stat(this.pathOf(key))).size;
    } catch (err) {
      throw notFound(err, key);
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await stat(this.pathOf(key));
      return true;
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async *list(opts: { after?: string } = {}): AsyncIterable<ListedBlob> {
    yield* this.walk(this.root, [], opts.after?.split('/'));
  }

  private async *walk(dir: string, segments: string[], after?: string[]): AsyncGenerator<ListedBlob> {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return; // nothing stored yet, or removed
      throw err;
    }
    const names = entries
      .filter((e) => SEGMENT_PATTERN.test(e.name) && !e.name.includes('..'))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of names) {
      const path = [...segments, entry.name];
      if (entry.isDirectory()) {
        if (after && compareKeySegments(path, after.slice(0, path.length)) < 0) continue;
        yield* this.walk(join(dir, entry.name), path, after);
      } else if (entry.isFile()) {
        if (after && compareKeySegments(path, after) <= 0) continue;
        try {
          yield { key: path.join('/'), modifiedAt: (await stat(join(dir, entry.name))).mtime };
        } catch {
          // removed since the folder was read
        }
      }
    }
  }

  /**
   * Moves the file aside first (an atomic rename), then reads its time: a `putContent` that marked
   * it modified before the move is seen here and the file is put back; one after the move finds no
   * file and writes it again. A process killed in between leaves only the moved-aside copy, which
   * no row references and a later sweep removes.
   */
  async deleteIfModifiedBefore(key: string, cutoff: Date): Promise<boolean> {
    const path = this.pathOf(key);
    const aside = `${path}.${randomBytes(6).toString('hex')}.swept`;
    try {
      await rename(path, aside);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw err;
    }
    if ((await stat(aside)).mtime >= cutoff) {
      await rename(aside, path);
      return false;
    }
    await rm(aside, { force: true });
    return true;
  }
}

function notFound(err: unknown, key: string): Error {
  return (err as NodeJS.ErrnoException).code === 'ENOENT' ? new BlobNotFoundError(key) : (err as Error);
}
