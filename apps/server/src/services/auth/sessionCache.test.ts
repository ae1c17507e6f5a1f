import { describe, expect, it } from 'vitest';
import { TenantScope } from '../tenantScope/tenantScope.js';
import type { Auth } from './auth.js';
import { SessionCache } from './sessionCache.js';

function auth(sessionHash: string, userId: number, accountId: number | null): Auth {
  return {
    sessionHash,
    userId,
    username: `user${userId}`,
    accountId,
    memberType: accountId === null ? null : 3,
    companyId: accountId === null ? null : 1,
    permissions: new Set(['jobView']),
    scope: TenantScope.of(accountId === null ? [] : [1]),
    display: { dateFormat: 'MM/DD/YYYY', timeFormat: 'HH:mm', locale: 'en-US' },
    idleExpiresAt: new Date(Date.now() + 60_000),
    absoluteExpiresAt: new Date(Date.now() + 600_000),
  };
}

function filled(options = { maxEntries: 100, ttlMs: 60_000 }) {
  let hearing = true;
  const cache = new SessionCache(options, () => hearing);
  const put = (a: Auth) => cache.put(cache.ticket(), a);
  put(auth('h1', 1, 10));
  put(auth('h2', 1, 11));
  put(auth('h3', 2, 10));
  put(auth('h4', 3, null));
  return { cache, put, setHearing: (now: boolean) => (hearing = now) };
}

describe('the session cache', () => {
  it('serves what it holds', () => {
    const { cache } = filled();
    expect(cache.get('h1')?.userId).toBe(1);
    expect(cache.get('nope')).toBeUndefined();
    expect(cache.size).toBe(4);
  });

  it('evicts a session by its hash, a user’s sessions, an account’s sessions, or everything', () => {
    const { cache } = filled();
    cache.evict('s:h4');
    expect(cache.get('h4')).toBeUndefined();
    expect(cache.size).toBe(3);

    cache.evict('a:10');
    expect(cache.get('h1')).toBeUndefined();
    expect(cache.get('h3')).toBeUndefined();
    expect(cache.get('h2')?.accountId).toBe(11);

    cache.evict('u:1');
    expect(cache.size).toBe(0);

    const again = filled();
    again.cache.evict('*');
    expect(again.cache.size).toBe(0);
  });

  it('forgets everything on a payload it does not understand', () => {
    for (const payload of ['', 'x:1', 'garbage']) {
      const { cache } = filled();
      cache.evict(payload);
      expect(cache.size).toBe(0);
    }
  });

  it('refuses what a lookup read if anything was evicted while it ran', () => {
    const { cache } = filled();
    const ticket = cache.ticket();
    cache.evict('u:99');
    cache.put(ticket, auth('h5', 5, 50));
    expect(cache.get('h5')).toBeUndefined();
    cache.put(cache.ticket(), auth('h5', 5, 50));
    expect(cache.get('h5')?.userId).toBe(5);
  });

  it('serves nothing and keeps nothing while it cannot hear the database', () => {
    const { cache, put, setHearing } = filled();
    setHearing(false);
    expect(cache.serving).toBe(false);
    expect(cache.get('h1')).toBeUndefined();
    put(auth('h5', 5, 50));
    setHearing(true);
    expect(cache.get('h5')).toBeUndefined();
    // Asked for while deaf, an entry is dropped (SessionCache.start also clears all at each change).
    expect(cache.get('h1')).toBeUndefined();
  });

  it('holds at most maxEntries, dropping the least recently used', () => {
    const { cache, put } = filled({ maxEntries: 4, ttlMs: 60_000 });
    expect(cache.get('h1')).toBeDefined();
    put(auth('h5', 5, 50));
    expect(cache.size).toBe(4);
    expect(cache.get('h2')).toBeUndefined();
    expect(cache.get('h1')).toBeDefined();
    expect(cache.get('h5')).toBeDefined();
    // The dropped entry left the user and account indexes too: evicting its user touches no one else.
    cache.evict('a:11');
    expect(cache.size).toBe(4);
  });

  it('serves an entry no longer than its time to live', async () => {
    const { cache } = filled({ maxEntries: 100, ttlMs: 20 });
    expect(cache.get('h1')).toBeDefined();
    await new Promise((r) => setTimeout(r, 40));
    expect(cache.get('h1')).toBeUndefined();
  });

  it('caches nothing when its size is 0', () => {
    const { cache } = filled({ maxEntries: 0, ttlMs: 60_000 });
    expect(cache.size).toBe(0);
    expect(cache.serving).toBe(false);
  });
});
