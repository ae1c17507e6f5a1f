import type { FastifyBaseLogger } from 'fastify';
import { type AuthListener, listenForAuthChanges } from '../../db/authNotifications.js';
import type { Database } from '../../db/client.js';
import type { Auth } from './auth.js';

interface Entry {
  auth: Auth;
  /** performance.now() after which the entry is read again, notifications or not. */
  staleAt: number;
}

/** What a lookup from the database saw before it started: see {@link SessionCache.ticket}. */
export interface CacheTicket {
  readonly generation: number;
}

export interface SessionCacheOptions {
  /** At most this many sessions; the least recently used goes first. 0 caches nothing. */
  maxEntries: number;
  /** The longest an entry is served (the backstop should a notification ever go astray). */
  ttlMs: number;
}

/**
 * Resolved sessions kept in the process, so that a call with a known session needs no statement
 * for it (issue 24; docs/decisions.md, "Sessions cached in the process, invalidated by
 * LISTEN/NOTIFY"). Every write to sessions, users, accounts, account_permissions and
 * account_corporate_access notifies (migration 0019_auth_notify); the notification evicts what it
 * names, on every API process. Fail closed: nothing is served unless the listener hears every
 * writer at this moment, and whatever was cached is forgotten each time hearing starts or stops.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<number, Set<string>>();
  private readonly byAccount = new Map<number, Set<string>>();
  /** Goes up with every eviction and every change of hearing: a lookup that saw another value may be stale. */
  private generation = 0;

  /** `hearing` says whether every writer's notifications reach {@link evict} at this moment. */
  constructor(
    private readonly options: SessionCacheOptions,
    private readonly hears: () => boolean,
  ) {}

  /** Starts hearing the database's auth notifications and answers the cache they keep current. */
  static start(database: Database, options: SessionCacheOptions, log: FastifyBaseLogger): SessionCache {
    let listener: AuthListener | null = null;
    const cache = new SessionCache(options, () => listener?.hearing() ?? false);
    if (options.maxEntries <= 0) return cache;
    let lost = false;
    listener = listenForAuthChanges(database, {
      notified: (payload) => cache.evict(payload),
      hearing: (now) => {
        cache.clear();
        if (now && lost) log.info('the session cache hears the database notifications again');
        if (now) lost = false;
      },
      failed: (err) => {
        // Said once per loss, not at every failed attempt to reconnect. Never a payload.
        if (!lost) {
          log.warn(
            { err: { message: err.message, code: (err as { code?: string }).code } },
            'the session cache lost the database notifications; sessions are read from the database until they are back',
          );
        }
        lost = true;
      },
    });
    const started = listener;
    cache.stopListening = () => started.stop();
    return cache;
  }

  private stopListening: () => Promise<void> = noop;

  /** The cached auth of a session hash, while the listener hears and the entry is young enough. */
  get(idHash: string): Auth | undefined {
    const entry = this.entries.get(idHash);
    if (!entry) return undefined;
    if (!this.hears() || performance.now() >= entry.staleAt) {
      this.remove(idHash);
      return undefined;
    }
    // Most recently used last: Map keeps insertion order, so the first key is the one to drop.
    this.entries.delete(idHash);
    this.entries.set(idHash, entry);
    return entry.auth;
  }

  /** Taken before reading a session from the database; {@link put} refuses if anything changed since. */
  ticket(): CacheTicket {
    return { generation: this.generation };
  }

  /**
   * Keeps what a lookup read, unless an eviction or a change of hearing happened since its ticket
   * (a notification for what it read may have been processed already), or nobody hears now.
   */
  put(ticket: CacheTicket, auth: Auth): void {
    if (this.options.maxEntries <= 0 || ticket.generation !== this.generation || !this.hears()) return;
    this.remove(auth.sessionHash);
    this.entries.set(auth.sessionHash, { auth, staleAt: performance.now() + this.options.ttlMs });
    index(this.byUser, auth.userId, auth.sessionHash);
    if (auth.accountId !== null) index(this.byAccount, auth.accountId, auth.sessionHash);
    while (this.entries.size > this.options.maxEntries) {
      this.remove(this.entries.keys().next().value as string);
    }
  }

  /** Evicts what a notification names: `s:<id hash>`, `u:<user id>`, `a:<account id>`, or `*`. */
  evict(payload: string): void {
    this.generation++;
    const colon = payload.indexOf(':');
    const kind = payload.slice(0, colon);
    const key = payload.slice(colon + 1);
    if (colon > 0 && kind === 's') {
      this.remove(key);
    } else if (colon > 0 && (kind === 'u' || kind === 'a')) {
      const hashes = (kind === 'u' ? this.byUser : this.byAccount).get(Number(key));
      for (const hash of [...(hashes ?? [])]) this.remove(hash);
    } else {
      // `*` (a table truncated), or anything this version does not know: forget everything.
      this.clear();
    }
  }

  /** Forgets every entry. */
  clear(): void {
    this.generation++;
    this.entries.clear();
    this.byUser.clear();
    this.byAccount.clear();
  }

  /** True while entries may be served: the listener hears every writer now. */
  get serving(): boolean {
    return this.options.maxEntries > 0 && this.hears();
  }

  /** Entries held (tests, diagnostics). */
  get size(): number {
    return this.entries.size;
  }

  /** Stops the listener; nothing is served afterwards. */
  async stop(): Promise<void> {
    await this.stopListening();
    this.clear();
  }

  private remove(idHash: string) {
    const entry = this.entries.get(idHash);
    if (!entry) return;
    this.entries.delete(idHash);
    unindex(this.byUser, entry.auth.userId, idHash);
    if (entry.auth.accountId !== null) unindex(this.byAccount, entry.auth.accountId, idHash);
  }
}

const noop = async () => undefined;

function index(map: Map<number, Set<string>>, key: number, hash: string) {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(hash);
}

function unindex(map: Map<number, Set<string>>, key: number, hash: string) {
  const set = map.get(key);
  if (!set) return;
  set.delete(hash);
  if (set.size === 0) map.delete(key);
}
