import { describe, expect, it } from 'vitest';
import { docxBytes, fakeWopiFetch, TOKEN, WOPI_SRC } from './testing/fakeWopiFetch';
import { MAX_DOCUMENT_BYTES, newLockId, WopiError, wopiHost } from './wopiHost';

const TOKEN_QUERY = `access_token=${encodeURIComponent(TOKEN)}`;

async function failureOf(promise: Promise<unknown>) {
  const err = await promise.catch((e: unknown) => e);
  expect(err).toBeInstanceOf(WopiError);
  return err as WopiError;
}

describe('the WOPI calls of the embedded client', () => {
  it('CheckFileInfo: GET {WOPISrc} with the token, no cookie, no redirect; reads the fields it uses', async () => {
    const fake = fakeWopiFetch();
    const info = await wopiHost(WOPI_SRC, TOKEN, fake.fetch).checkFileInfo();
    expect(fake.calls[0]).toMatchObject({
      url: `${WOPI_SRC}?${TOKEN_QUERY}`,
      method: 'GET',
      credentials: 'omit',
      redirect: 'error',
    });
    // Every field the fake host gives is one the page reads.
    expect(info).toEqual(fake.host.info);
  });

  it('CheckFileInfo: missing booleans are false, a number Version is read as text', async () => {
    const fake = fakeWopiFetch({
      info: { Version: 12, UserCanWrite: undefined, SupportsLocks: 'yes', PostMessageOrigin: undefined },
    });
    const info = await wopiHost(WOPI_SRC, TOKEN, fake.fetch).checkFileInfo();
    expect(info).toMatchObject({ Version: '12', UserCanWrite: false, SupportsLocks: false });
    expect(info.PostMessageOrigin).toBeUndefined();
  });

  it.each([
    ['without BaseFileName', { BaseFileName: undefined }],
    ['with a negative Size', { Size: -1 }],
    ['with a fractional Size', { Size: 1.5 }],
    ['with an overlong BaseFileName', { BaseFileName: 'x'.repeat(2000) }],
  ])('CheckFileInfo %s is a failure', async (_what, info) => {
    const fake = fakeWopiFetch({ info });
    expect((await failureOf(wopiHost(WOPI_SRC, TOKEN, fake.fetch).checkFileInfo())).failure).toBe('failed');
  });

  it('GetFile: GET {WOPISrc}/contents with the token answers the bytes', async () => {
    const fake = fakeWopiFetch({ file: docxBytes('PK the document') });
    const bytes = await wopiHost(WOPI_SRC, TOKEN, fake.fetch).getFile();
    expect(new TextDecoder().decode(bytes)).toBe('PK the document');
    expect(fake.calls[0]?.url).toBe(`${WOPI_SRC}/contents?${TOKEN_QUERY}`);
  });

  it('GetFile refuses a document over the largest the page holds', async () => {
    const fake = fakeWopiFetch({ file: new ArrayBuffer(MAX_DOCUMENT_BYTES + 1) });
    expect((await failureOf(wopiHost(WOPI_SRC, TOKEN, fake.fetch).getFile())).failure).toBe('tooLarge');
  });

  it('Lock, RefreshLock and Unlock: POST {WOPISrc} with X-WOPI-Override and X-WOPI-Lock', async () => {
    const fake = fakeWopiFetch();
    const host = wopiHost(WOPI_SRC, TOKEN, fake.fetch);
    await host.lock('L1');
    await host.refreshLock('L1');
    await host.unlock('L1', { keepalive: true });
    expect(fake.calls.map((c) => [c.method, c.url, c.operation, c.lock, c.keepalive])).toEqual([
      ['POST', `${WOPI_SRC}?${TOKEN_QUERY}`, 'LOCK', 'L1', false],
      ['POST', `${WOPI_SRC}?${TOKEN_QUERY}`, 'REFRESH_LOCK', 'L1', false],
      ['POST', `${WOPI_SRC}?${TOKEN_QUERY}`, 'UNLOCK', 'L1', true],
    ]);
  });

  it('a lock mismatch is a conflict carrying the current lock (X-WOPI-Lock)', async () => {
    const fake = fakeWopiFetch({ lockedBy: 'theirs' });
    const err = await failureOf(wopiHost(WOPI_SRC, TOKEN, fake.fetch).lock('mine'));
    expect([err.failure, err.status, err.currentLock]).toEqual(['conflict', 409, 'theirs']);
  });

  it('PutFile: POST {WOPISrc}/contents with X-WOPI-Override PUT, the lock and the bytes', async () => {
    const fake = fakeWopiFetch();
    const host = wopiHost(WOPI_SRC, TOKEN, fake.fetch);
    await host.lock('L1');
    const docx = docxBytes('PK changed');
    await host.putFile('L1', docx);
    expect(fake.calls[1]).toMatchObject({
      method: 'POST',
      url: `${WOPI_SRC}/contents?${TOKEN_QUERY}`,
      operation: 'PUT',
      lock: 'L1',
      body: docx,
    });
    expect(fake.host.file).toBe(docx);
  });

  it.each([
    [401, 'expired'],
    [404, 'notFound'],
    [409, 'conflict'],
    [413, 'tooLarge'],
    [500, 'failed'],
    [503, 'failed'],
  ])('an answer %i is %s', async (status, failure) => {
    const fake = fakeWopiFetch();
    fake.force('PUT', status);
    expect((await failureOf(wopiHost(WOPI_SRC, TOKEN, fake.fetch).putFile('L1', docxBytes()))).failure).toBe(
      failure,
    );
  });

  it('a host that cannot be reached is a failure, not a crash', async () => {
    const fake = fakeWopiFetch();
    fake.unreachable('CHECK_FILE_INFO');
    const err = await failureOf(wopiHost(WOPI_SRC, TOKEN, fake.fetch).checkFileInfo());
    expect([err.failure, err.status]).toEqual(['failed', 0]);
  });

  it('makes lock ids of 128 random bits', () => {
    const ids = new Set(Array.from({ length: 50 }, newLockId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
  });
});
