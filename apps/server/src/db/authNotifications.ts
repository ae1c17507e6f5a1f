import { DATABASE_LIMITS } from '@quill/core';
import pg from 'pg';
import { AUTH_CHANNEL, type Database } from './client.js';

/** How often the listener's connection is proved alive, and how long one proof counts. */
const PING_MS = 250;
const LEASE_MS = 1_000;
/** A ping unanswered this long: the connection is given up and opened again. */
const PING_GIVE_UP_MS = 5_000;
const BACKOFF_FIRST_MS = 100;
const BACKOFF_MAX_MS = 5_000;

export interface AuthNotificationHandlers {
  /** A payload of the channel (`s:…`, `u:…`, `a:…`, `*`), from this process's writes or anyone's. */
  notified(payload: string): void;
  /**
   * Hearing every writer started (true) or stopped (false). Notifications may have been missed
   * around either change, so whatever was learnt before it must be forgotten.
   */
  hearing(now: boolean): void;
  /** The listener's connection failed (logged by the caller without anything of the payloads). */
  failed(err: Error): void;
}

/** Hears the auth notifications of every writer of the database. */
export interface AuthListener {
  /**
   * True while every writer's notifications are known to reach this process: the listener is
   * connected, listening, and answered a ping sent less than a second ago (so a connection lost
   * without a word counts as lost within a second).
   */
  hearing(): boolean;
  stop(): Promise<void>;
}

/**
 * Starts hearing the auth channel. PGlite: the database's one connection hears every write and
 * cannot be lost while open. PostgreSQL: the pooled connections hear this process's own writes
 * (db/client.ts); a dedicated connection, not from the pool, hears everyone's, and is opened
 * again with a growing delay whenever it is lost.
 */
export function listenForAuthChanges(database: Database, handlers: AuthNotificationHandlers): AuthListener {
  const own = (payload: string) => handlers.notified(payload);
  database.notifications.on('auth', own);
  if (database.kind === 'pglite' || !database.url) {
    let open = true;
    handlers.hearing(true);
    return {
      hearing: () => open,
      async stop() {
        open = false;
        database.notifications.off('auth', own);
        handlers.hearing(false);
      },
    };
  }
  const listener = new PostgresAuthListener(database.url, handlers);
  listener.start();
  return {
    hearing: () => listener.hearing(),
    async stop() {
      database.notifications.off('auth', own);
      await listener.stop();
    },
  };
}

class PostgresAuthListener {
  private client: pg.Client | null = null;
  private leaseUntil = 0;
  private pingSentAt: number | null = null;
  private backoffMs = BACKOFF_FIRST_MS;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly url: string,
    private readonly handlers: AuthNotificationHandlers,
  ) {}

  start() {
    void this.connect();
  }

  hearing(): boolean {
    return this.client !== null && performance.now() < this.leaseUntil;
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    if (client) await this.lose(client, null);
    else this.handlers.hearing(false);
  }

  private async connect() {
    this.timer = null;
    if (this.stopped) return;
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: DATABASE_LIMITS.connectTimeoutMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: DATABASE_LIMITS.keepAliveDelayMs,
      application_name: 'quill-auth-listener',
    });
    this.client = client;
    this.leaseUntil = 0;
    this.pingSentAt = null;
    client.on('error', (err) => this.lose(client, err));
    client.on('end', () => this.lose(client, new Error('the auth listener connection ended')));
    client.on('notification', (n) => {
      if (this.client === client && n.channel === AUTH_CHANNEL) this.handlers.notified(n.payload ?? '');
    });
    try {
      const sentAt = performance.now();
      await client.connect();
      await client.query(`LISTEN ${AUTH_CHANNEL}`);
      if (this.client !== client) return;
      this.backoffMs = BACKOFF_FIRST_MS;
      this.leaseUntil = sentAt + LEASE_MS;
      this.handlers.hearing(true);
      this.schedulePing(client);
    } catch (err) {
      this.lose(client, err as Error);
    }
  }

  private schedulePing(client: pg.Client) {
    this.timer = setTimeout(() => this.ping(client), PING_MS);
    this.timer.unref();
  }

  /**
   * A ping answered proves that the connection was alive and that every notification committed
   * before it was sent has been heard: PostgreSQL sends pending notifications before the answer.
   */
  private ping(client: pg.Client) {
    if (this.client !== client) return;
    const now = performance.now();
    if (this.pingSentAt !== null) {
      if (now - this.pingSentAt > PING_GIVE_UP_MS) {
        this.lose(client, new Error('the auth listener connection stopped answering'));
        return;
      }
    } else {
      const sentAt = now;
      this.pingSentAt = sentAt;
      client.query('select 1').then(
        () => {
          if (this.client !== client) return;
          this.pingSentAt = null;
          this.leaseUntil = sentAt + LEASE_MS;
        },
        (err: Error) => this.lose(client, err),
      );
    }
    this.schedulePing(client);
  }

  /** Forgets a lost connection (once), says so, and opens a new one after a growing delay. */
  private lose(client: pg.Client, err: Error | null): Promise<void> {
    if (this.client !== client) return Promise.resolve();
    this.client = null;
    this.leaseUntil = 0;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    client.removeAllListeners('notification');
    client.removeAllListeners('end');
    client.removeAllListeners('error');
    client.on('error', () => undefined);
    const ended = client.end().catch(() => undefined);
    if (err) this.handlers.failed(err);
    this.handlers.hearing(false);
    if (this.stopped) return ended;
    this.timer = setTimeout(() => void this.connect(), this.backoffMs);
    this.timer.unref();
    this.backoffMs = Math.min(this.backoffMs * 2, BACKOFF_MAX_MS);
    return ended;
  }
}
