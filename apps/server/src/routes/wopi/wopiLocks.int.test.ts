import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema/index.js';
import { databaseTargets } from '../../testing/databases.js';
import type { TestBrowser } from '../../testing/processes/browser.js';
import {
  storedRows,
  type WopiTestClient,
  wopiClientOf,
  wordAuthOf,
  wordSuite,
} from '../../testing/wopiTestKit.js';

/** A lock id of `n` characters (the validator's 256- and 1024-character locks). */
const longLock = (n: number) => '1234567890'.repeat(Math.ceil(n / 10)).slice(0, n);
/** An Office lock: a JSON text (the validator's LockFormatValidation). */
const OFFICE_LOCK =
  '{"S":"0136ad16-9725-43c3-9ea0-5e01d2dbc162","E":2,"M":"DE997C5AC4E6","P":"6058AF1E-A36F-4691-9003-B8E2C7F50937"}';

/**
 * The WOPI lock operations on the job's booking (issue 22), in the sequences of the public WOPI
 * validator's Locks, GetLock, ExtendedLockLength and FileVersion groups (docs/wopi.md).
 */
describe.each(databaseTargets())('WOPI locks on $name', (target) => {
  const app = wordSuite(target);
  let other: TestBrowser;
  let jobId: number;
  let client: WopiTestClient;

  beforeAll(async () => {
    other = await app.w.browser(app.t.app, 1);
  });

  beforeEach(async () => {
    jobId = (await app.w.makeWordJob()).id;
    expect((await app.ed.post('/api/job/bookoutjob', { jobId })).statusCode).toBe(200);
    client = wopiClientOf(app.t.app, await wordAuthOf(app.ed, jobId), 'edit');
  });

  const booking = () => storedRows(app.t.ctx).booking(jobId);
  const expectMismatch = (res: { statusCode: number; headers: Record<string, unknown> }, current: string) => {
    expect(res.statusCode).toBe(409);
    expect(res.headers['x-wopi-lock']).toBe(current);
    expect(String(res.headers['x-wopi-lockfailurereason'])).toMatch(/[Jj]ob \d+/);
  };

  it('Lock, RefreshLock, UnlockAndRelock, Unlock (SuccessfulLockSequence); the lock is kept on the booking', async () => {
    expect((await client.lock('LockString')).statusCode).toBe(200);
    expect((await booking())?.wopiLock).toBe('LockString');
    expect((await client.refreshLock('LockString')).statusCode).toBe(200);
    expect((await client.unlockAndRelock('LockString', 'NewLockString')).statusCode).toBe(200);
    expect((await booking())?.wopiLock).toBe('NewLockString');
    expect((await client.unlock('NewLockString')).statusCode).toBe(200);
    expect(await booking()).toMatchObject({ wopiLock: null, accountId: app.w.editors[0]!.accounts[0]!.id });
  });

  it('RefreshLock and Lock extend the booking as extendbooking does', async () => {
    await app.t.ctx.database.db
      .update(bookings)
      .set({ expiresAt: new Date(Date.now() + 30_000) })
      .where(eq(bookings.jobId, jobId));
    expect((await client.lock('L')).statusCode).toBe(200);
    const afterLock = (await booking())!.expiresAt.getTime() - Date.now();
    expect(afterLock).toBeGreaterThan(590_000);
    await app.t.ctx.database.db
      .update(bookings)
      .set({ expiresAt: new Date(Date.now() + 30_000) })
      .where(eq(bookings.jobId, jobId));
    expect((await client.refreshLock('L')).statusCode).toBe(200);
    expect((await booking())!.expiresAt.getTime() - Date.now()).toBeGreaterThan(590_000);
  });

  it('the same lock twice is a refresh (DoubleLockSequence); another lock is a mismatch (LockMismatchOnLockRequest)', async () => {
    expect((await client.lock('LockString')).statusCode).toBe(200);
    expect((await client.lock('LockString')).statusCode).toBe(200);
    expectMismatch(await client.lock('IncorrectLockString'), 'LockString');
    expect((await client.unlock('LockString')).statusCode).toBe(200);
  });

  it('mismatches on Unlock, RefreshLock, UnlockAndRelock answer the current lock', async () => {
    expect((await client.lock('LockString')).statusCode).toBe(200);
    expectMismatch(await client.unlock('IncorrectLockString'), 'LockString');
    expectMismatch(await client.refreshLock('IncorrectLockString'), 'LockString');
    expectMismatch(await client.unlockAndRelock('IncorrectLockString', 'NewLockString'), 'LockString');
    expect((await booking())?.wopiLock).toBe('LockString');
    // LockMismatchAfterUnlockAndRelockRequest: the relock really changed the lock.
    expect((await client.unlockAndRelock('LockString', 'NewLockString')).statusCode).toBe(200);
    expectMismatch(await client.unlock('LockString'), 'NewLockString');
    expect((await client.unlock('NewLockString')).statusCode).toBe(200);
  });

  it('Unlock, RefreshLock and UnlockAndRelock of an unlocked file: 409 with X-WOPI-Lock empty (UnlockUnlockedFile)', async () => {
    expectMismatch(await client.unlock('LockString'), '');
    expectMismatch(await client.refreshLock('LockString'), '');
    expectMismatch(await client.unlockAndRelock('LockString', 'New'), '');
  });

  it('GetLock answers the lock, the changed lock, then the empty string (GetLock group)', async () => {
    expect((await client.getLock()).headers['x-wopi-lock']).toBe('');
    await client.lock('LockString');
    expect((await client.getLock()).headers['x-wopi-lock']).toBe('LockString');
    await client.unlockAndRelock('LockString', 'NewLockString');
    expect((await client.getLock()).headers['x-wopi-lock']).toBe('NewLockString');
    await client.unlock('NewLockString');
    const res = await client.getLock();
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-wopi-lock']).toBe('');
  });

  it('takes locks of 256 and 1024 characters and Office’s JSON locks; refuses longer or empty ones (400)', async () => {
    for (const lock of [longLock(256), longLock(1024), OFFICE_LOCK]) {
      expect((await client.lock(lock)).statusCode).toBe(200);
      expect((await client.getLock()).headers['x-wopi-lock']).toBe(lock);
      expect((await client.unlock(lock)).statusCode).toBe(200);
    }
    expect((await client.lock(longLock(1025))).statusCode).toBe(400);
    expect((await client.operation('LOCK')).statusCode).toBe(400);
    expect((await client.lock('')).statusCode).toBe(400);
    expect((await client.checkFileInfo()).json().SupportsExtendedLockLength).toBe(true);
  });

  it('Lock and Unlock answer the version CheckFileInfo and GetFile told (FileVersion group)', async () => {
    const version = (await client.checkFileInfo()).json().Version as string;
    expect((await client.getFile()).headers['x-wopi-itemversion']).toBe(version);
    expect((await client.lock('LockString')).headers['x-wopi-itemversion']).toBe(version);
    expect((await client.unlock('LockString')).headers['x-wopi-itemversion']).toBe(version);
  });

  it('the lock IS the booking: none without a live booking of the account, another account’s is theirs', async () => {
    // Cancelled: the file cannot be locked until the job is booked out again.
    const cookie = (await app.ed.post('/api/job/bookoutjob', { jobId })).json().bookingCookie;
    expect(
      (await app.ed.post(`/api/job/cancelbooking?jobId=${jobId}&bookingCookie=${cookie}`)).json().success,
    ).toBe(true);
    const res = await client.lock('Mine');
    expectMismatch(res, '');
    expect(res.headers['x-wopi-lockedbyotherinterface']).toBeUndefined();
    // Another account books out and its WOPI client locks: this client sees their lock.
    expect((await other.post('/api/job/bookoutjob', { jobId })).statusCode).toBe(200);
    const theirs = wopiClientOf(app.t.app, await wordAuthOf(other, jobId), 'edit');
    expect((await theirs.lock('Theirs')).statusCode).toBe(200);
    const refused = await client.lock('Mine');
    expectMismatch(refused, 'Theirs');
    expect(refused.headers['x-wopi-lockedbyotherinterface']).toBe('true');
    expectMismatch(await client.unlock('Theirs'), 'Theirs');
    expect((await booking())?.wopiLock).toBe('Theirs');
    // An expired booking holds no lock.
    await app.t.ctx.database.db
      .update(bookings)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.jobId, jobId));
    expect((await theirs.getLock()).headers['x-wopi-lock']).toBe('');
    expectMismatch(await theirs.refreshLock('Theirs'), '');
  });

  it('a new booking starts unlocked', async () => {
    expect((await client.lock('Old')).statusCode).toBe(200);
    expect((await app.ed.post('/api/job/bookoutjob', { jobId })).statusCode).toBe(200);
    expect(await booking()).toMatchObject({ wopiLock: null, wordBaseVersion: null });
  });
});
