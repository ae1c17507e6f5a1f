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

/** How often the watch looks at its question in flight. */
const TICK_MS = 100;

/** A pg connection's socket: closing it fails the connection's statement at once (pg-pool does so too). */
function destroySocket(client: pg.Client) {
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}

/**
 * Issue 41: tells a database that answers from one that stopped answering without closing its
 * connections (a frozen VM, a network partition: the process stopped, not exited). Such a
 * database leaves statements waiting as long as it hangs, which no error ever ends.
 *
 * A connection of its own (not the pool's) asks `select 1` every DATABASE_LIMITS.watchIntervalMs.
 * No answer within DATABASE_LIMITS.answerTimeoutMs, and no statement of the pool finished in that
 * time either: the database is not answering. Every pooled connection (idle, opening or in a
 * statement) is closed, so each statement in flight fails at once, and every new connection is
 * refused (DatabaseNotAnswering) until the watch hears an answer again on a fresh connection.
 * Calls thus answer 503 within about 1.2 s of the hang, new ones at once, and succeed again within
 * a watch interval of the return. A slow statement is not a hang: while the database answers
 * anything, no statement is cut short. An error (refused, reset) is no hang either: a database that
 * is down fails each call by itself, fast (issue 23).
 */
export class DatabaseWatch {
  private answering = true;
  /** Every connection of the pool that has not ended, whatever it is doing. */
  private readonly clients = new Set<pg.Client>();
  /** The watch's own connection, once it answered. */
  private probe: pg.Client | null = null;
  /** The question in flight: on which connection, asked when. */
  private asking: { client: pg.Client; since: number } | null = null;
  private lastAsked = Number.NEGATIVE_INFINITY;
  /** When the database last finished a statement, on any connection of the pool or the watch's. */
  private lastHeard = performance.now();
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
   * is down: 503), is known to the watch, tells it of every statement finished, and refuses to open
   * while the database is not answering.
   */
  clientClass(): typeof pg.Client {
    const watch = this;
    return class WatchedClient extends pg.Client {
      constructor(config: pg.ClientConfig) {
        super({ ...config, connectionTimeoutMillis: DATABASE_LIMITS.connectTimeoutMs });
        watch.clients.add(this);
        this.once('end', () => watch.clients.delete(this));
        (this as unknown as { connection: NodeJS.EventEmitter }).connection.on('readyForQuery', () => {
          watch.lastHeard = performance.now();
        });
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
    this.schedule();
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    const asking = this.asking;
    this.asking = null;
    if (asking) destroySocket(asking.client);
    const probe = this.probe;
    this.probe = null;
    if (probe && probe !== asking?.client) await probe.end().catch(() => undefined);
  }

  private schedule() {
    this.timer = setTimeout(() => this.tick(), TICK_MS);
    this.timer.unref();
  }

  private tick() {
    if (this.stopped) return;
    const asking = this.asking;
    const now = performance.now();
    if (!asking) {
      if (!this.answering || now - this.lastAsked >= DATABASE_LIMITS.watchIntervalMs) this.ask();
    } else if (now - asking.since > DATABASE_LIMITS.answerTimeoutMs) {
      // The timer may fire late because the event loop was busy with other work, while the answer
      // waits unread in the socket: one more turn of the loop (its poll phase) reads it first.
      setImmediate(() => this.unanswered(asking));
    }
    this.schedule();
  }

  /**
   * The question went unanswered too long. While the pool's statements still finish, the database
   * answers, only slowly: the question gets longer (then a fresh connection). When the database is
   * silent too, it is not answering.
   */
  private unanswered(asking: { client: pg.Client; since: number }) {
    if (this.stopped || this.asking !== asking) return;
    const now = performance.now();
    const silent = now - this.lastHeard > DATABASE_LIMITS.answerTimeoutMs;
    if (this.answering && !silent && now - asking.since <= 3 * DATABASE_LIMITS.answerTimeoutMs) return;
    this.asking = null;
    if (this.probe === asking.client) this.probe = null;
    destroySocket(asking.client);
    if (!this.answering || !silent) return;
    this.answering = false;
    for (const client of this.clients) destroySocket(client);
    this.changed(false);
  }

  /** One `select 1` on the watch's connection, opened first when there is none. */
  private ask() {
    const client =
      this.probe ??
      new pg.Client({
        connectionString: this.url,
        connectionTimeoutMillis: DATABASE_LIMITS.answerTimeoutMs,
        application_name: 'quill-database-watch',
      });
    const fresh = client !== this.probe;
    if (fresh) client.on('error', () => undefined);
    const asking = { client, since: performance.now() };
    this.asking = asking;
    this.lastAsked = asking.since;
    (async () => {
      if (fresh) {
        await client.connect();
        // The watch never keeps a process alive (a command-line tool that forgot to close).
        (client as unknown as { connection: { stream: { unref?(): void } } }).connection.stream.unref?.();
      }
      await client.query('select 1');
    })().then(
      () => {
        if (this.asking !== asking || this.stopped) return;
        this.asking = null;
        this.probe = client;
        this.lastHeard = performance.now();
        if (this.answering) return;
        this.answering = true;
        this.changed(true);
      },
      () => {
        // Refused or reset (a database that is down: each call fails by itself, fast): ask again.
        if (this.asking !== asking) return;
        this.asking = null;
        if (this.probe === client) this.probe = null;
        destroySocket(client);
      },
    );
  }
}
