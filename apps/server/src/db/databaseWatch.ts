import { DATABASE_LIMITS } from '@quill/core';
import pg from 'pg';

/**
 * Every call's error while the database is not answering; the HTTP edge answers it 503
 * `database_unavailable` (db/connectionLost.ts).
 */
export class DatabaseNotAnswering extends Error {
  constructor() {
    super('The database is not answering');
    this.name = 'DatabaseNotAnswering';
  }
}

/** A pg connection's socket: closing it fails the connection's statement at once (pg-pool does so too). */
function destroySocket(client: pg.Client) {
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}

/** How long to wait for `answered`; false when it did not settle true in time. */
async function answeredWithin(answered: Promise<boolean>, ms: number): Promise<boolean> {
  let settled: boolean | undefined;
  void answered.then((ok) => {
    settled = ok;
  });
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  const first = await Promise.race([answered, late]);
  clearTimeout(timer);
  if (first !== undefined) return first;
  // The timer may have fired late because the event loop was busy with other work, while the answer
  // waits unread in the socket: one more turn of the loop (its poll phase) reads it first.
  await new Promise((resolve) => setImmediate(resolve));
  return settled === true;
}

/**
 * Issue 41: tells a database that answers from one that stopped answering without closing its
 * connections (a frozen VM, a network partition: the process stopped, not exited). Such a
 * database leaves statements waiting as long as it hangs, which no error ever ends.
 *
 * A connection of its own (not the pool's) asks `select 1` every DATABASE_LIMITS.watchIntervalMs.
 * An answer later than DATABASE_LIMITS.answerTimeoutMs, or an error, and the database is not
 * answering: every pooled connection (idle, connecting or in a statement) is closed, so each
 * statement in flight fails at once, and every new connection is refused until the watch hears an
 * answer again on a fresh connection (DatabaseNotAnswering). Calls thus answer 503 within about
 * 1.25 s of the hang, new ones at once, and succeed again within a watch interval of the return.
 * A slow statement is not a hang: while `select 1` answers, no statement is cut short.
 */
export class DatabaseWatch {
  private answering = true;
  /** Every connection of the pool that has not ended, whatever it is doing. */
  private readonly clients = new Set<pg.Client>();
  private probe: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly url: string,
    private readonly changed: (answering: boolean) => void = () => undefined,
  ) {}

  /** False from the moment the database stopped answering until it answers again. */
  isAnswering(): boolean {
    return this.answering;
  }

  /**
   * The connection class for the pool: each gives up opening after connectTimeoutMs (the database
   * is down: 503), is known to the watch, and refuses to open while the database is not answering.
   */
  clientClass(): typeof pg.Client {
    const watch = this;
    return class WatchedClient extends pg.Client {
      constructor(config: pg.ClientConfig) {
        super({ ...config, connectionTimeoutMillis: DATABASE_LIMITS.connectTimeoutMs });
        watch.clients.add(this);
        this.once('end', () => watch.clients.delete(this));
      }

      override connect(): Promise<pg.Client>;
      override connect(callback: (err: Error) => void): void;
      override connect(callback?: (err: Error) => void): Promise<pg.Client> | undefined {
        if (watch.answering) {
          if (!callback) return super.connect();
          super.connect(callback);
          return;
        }
        watch.clients.delete(this);
        const refusal = new DatabaseNotAnswering();
        if (!callback) return Promise.reject(refusal);
        process.nextTick(callback, refusal);
      }
    };
  }

  start() {
    this.schedule(DATABASE_LIMITS.watchIntervalMs);
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    const probe = this.probe;
    this.probe = null;
    if (!probe) return;
    if (!this.answering) destroySocket(probe);
    else await probe.end().catch(() => undefined);
  }

  private schedule(ms: number) {
    this.timer = setTimeout(() => void this.check(), ms);
    this.timer.unref();
  }

  private async check() {
    if (this.stopped) return;
    const answered = await this.ask();
    if (this.stopped) {
      await this.stop();
      return;
    }
    if (answered !== this.answering) {
      this.answering = answered;
      if (!answered) for (const client of this.clients) destroySocket(client);
      this.changed(answered);
    }
    this.schedule(DATABASE_LIMITS.watchIntervalMs);
  }

  /** One `select 1` on the watch's connection (opened first when there is none), in time or not. */
  private async ask(): Promise<boolean> {
    const client =
      this.probe ??
      new pg.Client({
        connectionString: this.url,
        connectionTimeoutMillis: DATABASE_LIMITS.answerTimeoutMs,
        application_name: 'quill-database-watch',
      });
    const fresh = client !== this.probe;
    if (fresh) client.on('error', () => undefined);
    const answer = (async () => {
      if (fresh) await client.connect();
      await client.query('select 1');
      return true;
    })().catch(() => false);
    const ok = await answeredWithin(answer, DATABASE_LIMITS.answerTimeoutMs);
    if (ok) this.probe = client;
    else {
      this.probe = null;
      destroySocket(client);
    }
    return ok;
  }
}
