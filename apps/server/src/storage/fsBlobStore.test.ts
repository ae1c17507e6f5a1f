import { mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlobNotFoundError } from './blobStore.js';
import { FsBlobStore } from './fsBlobStore.js';

describe('FsBlobStore', () => {
  let dir: string;
  let store: FsBlobStore;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'quill-blobs-'));
    store = new FsBlobStore(dir);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('stores equal content once under its hash', async () => {
    const a = await store.putContent(Buffer.from('<ClinicalDocument/>'), {
      prefix: 'documents',
      extension: 'xml',
    });
    const b = await store.putContent(Buffer.from('<ClinicalDocument/>'), {
      prefix: 'documents',
      extension: 'xml',
    });
    const c = await store.putContent(Buffer.from('<ClinicalDocument>changed</ClinicalDocument>'), {
      prefix: 'documents',
      extension: 'xml',
    });
    expect(a.key).toBe(b.key);
    expect(c.key).not.toBe(a.key);
    expect(a.key).toMatch(/^documents\/[0-9a-f]{2}\/[0-9a-f]{64}\.xml$/);
    expect((await store.get(a.key)).toString()).toBe('<ClinicalDocument/>');
  });

  it('streams a byte range, as HTTP Range requests need', async () => {
    await store.put('audio/clip.wav', Buffer.from('0123456789'));
    const chunks: Buffer[] = [];
    for await (const chunk of await store.stream('audio/clip.wav', { start: 2, end: 5 })) chunks.push(chunk);
    expect(Buffer.concat(chunks).toString()).toBe('2345');
    expect(await store.size('audio/clip.wav')).toBe(10);
  });

  it('leaves no temporary files behind and deletes cleanly', async () => {
    await store.put('a/b.txt', Buffer.from('x'));
    expect(await readdir(join(dir, 'a'))).toEqual(['b.txt']);
    await store.delete('a/b.txt');
    expect(await store.exists('a/b.txt')).toBe(false);
    await expect(store.get('a/b.txt')).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('refuses keys that would leave its directory', async () => {
    await expect(store.put('../escape.txt', Buffer.from('x'))).rejects.toThrow(/Invalid blob key/);
    await expect(store.get('/etc/passwd')).rejects.toThrow(/Invalid blob key/);
    await expect(store.put('a/../../b', Buffer.from('x'))).rejects.toThrow(/Invalid blob key/);
  });

  describe('listing and the orphan sweep (issue 41)', () => {
    const keysOf = async (after?: string) => {
      const keys: string[] = [];
      for await (const b of store.list(after ? { after } : {})) keys.push(b.key);
      return keys;
    };
    const age = (key: string, seconds: number) => {
      const then = new Date(Date.now() - seconds * 1000);
      return utimes(join(dir, ...key.split('/')), then, then);
    };

    it('lists every file in key order, segment by segment, and resumes after a key', async () => {
      for (const key of ['a-b/x', 'a/z', 'a/b/c', 'b', 'a/y.tmp']) await store.put(key, Buffer.from(key));
      // A file the store could not have written (not a key) is not listed.
      await writeFile(join(dir, '.hidden'), 'x');
      expect(await keysOf()).toEqual(['a/b/c', 'a/y.tmp', 'a/z', 'a-b/x', 'b']);
      expect(await keysOf('a/y.tmp')).toEqual(['a/z', 'a-b/x', 'b']);
      expect(await keysOf('a/b')).toEqual(['a/b/c', 'a/y.tmp', 'a/z', 'a-b/x', 'b']);
      expect(await keysOf('b')).toEqual([]);
      expect(await keysOf('0')).toEqual(['a/b/c', 'a/y.tmp', 'a/z', 'a-b/x', 'b']);
    });

    it('lists nothing for an empty store', async () => {
      await rm(dir, { recursive: true, force: true });
      expect(await keysOf()).toEqual([]);
    });

    it('removes a file only if it was modified before the cutoff', async () => {
      await store.put('old/file', Buffer.from('x'));
      await store.put('new/file', Buffer.from('y'));
      await age('old/file', 3600);
      const cutoff = new Date(Date.now() - 60_000);
      expect(await store.deleteIfModifiedBefore('old/file', cutoff)).toBe(true);
      expect(await store.deleteIfModifiedBefore('new/file', cutoff)).toBe(false);
      expect(await store.deleteIfModifiedBefore('gone/file', cutoff)).toBe(false);
      expect(await store.exists('old/file')).toBe(false);
      expect((await store.get('new/file')).toString()).toBe('y');
      expect(await keysOf()).toEqual(['new/file']);
    });

    it('storing content that is already there marks it modified now, so the sweep keeps it', async () => {
      const bytes = Buffer.from('<ClinicalDocument/>');
      const { key } = await store.putContent(bytes, { prefix: 'documents', extension: 'xml' });
      await age(key, 3600);
      const cutoff = new Date(Date.now() - 60_000);
      expect((await stat(join(dir, ...key.split('/')))).mtime < cutoff).toBe(true);
      await store.putContent(bytes, { prefix: 'documents', extension: 'xml' });
      expect(await store.deleteIfModifiedBefore(key, cutoff)).toBe(false);
      expect((await store.get(key)).toString()).toBe('<ClinicalDocument/>');
    });
  });
});
