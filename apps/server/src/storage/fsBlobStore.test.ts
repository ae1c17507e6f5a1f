import { mkdtemp, readdir, rm } from 'node:fs/promises';
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
});
