import type { Readable } from 'node:stream';

/** Where a blob's bytes are, and how many. */
export interface BlobInfo {
  key: string;
  size: number;
}

/** A stored file as the listing sees it. */
export interface ListedBlob {
  key: string;
  /** When its bytes were last written, or last stored again by `putContent` (see there). */
  modifiedAt: Date;
}

/**
 * Files (documents, audio, attachments, uploads, fax outbox copies) live behind this interface:
 * a local directory by default (ARCHITECTURE §1/§3). Keys are opaque, slash-separated strings.
 */
export interface BlobStore {
  /**
   * Stores bytes under a key derived from their SHA-256, so equal content is stored once. Storing
   * content that is already there marks it modified now, so the orphan sweep's grace period covers
   * a transaction that reuses an old file as surely as one that wrote a new one.
   */
  putContent(bytes: Buffer | Uint8Array, opts?: { prefix?: string; extension?: string }): Promise<BlobInfo>;
  /** Stores bytes under the given key, replacing what was there (atomically). */
  put(key: string, bytes: Buffer | Uint8Array): Promise<BlobInfo>;
  get(key: string): Promise<Buffer>;
  /** A stream of the bytes from `start` to `end` inclusive (HTTP Range semantics). */
  stream(key: string, range?: { start: number; end: number }): Promise<Readable>;
  size(key: string): Promise<number>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /**
   * Every stored file (temporary files of unfinished writes included), in key order compared
   * segment by segment, after `after` when given; read lazily, one folder at a time.
   */
  list(opts?: { after?: string }): AsyncIterable<ListedBlob>;
  /**
   * Removes the file only if it was last modified before `cutoff`, safely against a `putContent`
   * of the same content running at the same moment (which then keeps or rewrites it). Answers
   * whether it removed it.
   */
  deleteIfModifiedBefore(key: string, cutoff: Date): Promise<boolean>;
}

/** Thrown when a key has no blob. */
export class BlobNotFoundError extends Error {
  constructor(public readonly key: string) {
    super(`No blob stored under ${key}`);
    this.name = 'BlobNotFoundError';
  }
}
