import type { Readable } from 'node:stream';

/** Where a blob's bytes are, and how many. */
export interface BlobInfo {
  key: string;
  size: number;
}

/**
 * Files (documents, audio, attachments, uploads, fax outbox copies) live behind this interface:
 * a local directory by default (ARCHITECTURE §1/§3). Keys are opaque, slash-separated strings.
 */
export interface BlobStore {
  /** Stores bytes under a key derived from their SHA-256, so equal content is stored once. */
  putContent(bytes: Buffer | Uint8Array, opts?: { prefix?: string; extension?: string }): Promise<BlobInfo>;
  /** Stores bytes under the given key, replacing what was there (atomically). */
  put(key: string, bytes: Buffer | Uint8Array): Promise<BlobInfo>;
  get(key: string): Promise<Buffer>;
  /** A stream of the bytes from `start` to `end` inclusive (HTTP Range semantics). */
  stream(key: string, range?: { start: number; end: number }): Promise<Readable>;
  size(key: string): Promise<number>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

/** Thrown when a key has no blob. */
export class BlobNotFoundError extends Error {
  constructor(public readonly key: string) {
    super(`No blob stored under ${key}`);
    this.name = 'BlobNotFoundError';
  }
}
