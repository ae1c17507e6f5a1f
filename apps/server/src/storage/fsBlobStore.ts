import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { type BlobInfo, BlobNotFoundError, type BlobStore } from './blobStore.js';

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

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
      if (s.size === bytes.byteLength) return { key, size: s.size };
    } catch {
      // not stored yet
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
}

function notFound(err: unknown, key: string): Error {
  return (err as NodeJS.ErrnoException).code === 'ENOENT' ? new BlobNotFoundError(key) : (err as Error);
}
