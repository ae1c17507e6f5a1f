import { readFileSync } from 'node:fs';
import net from 'node:net';
import tls from 'node:tls';
import { HL7_INBOUND_LIMITS } from '@quill/core';

const VT = 0x0b;
const FS = 0x1c;
const CR = 0x0d;

/** An MLLP listener's TLS files (PEM): certificate and key, and a CA to require client certificates. */
export interface ListenerTls {
  certFile?: string | undefined;
  keyFile?: string | undefined;
  caFile?: string | undefined;
}

export interface MllpListenerOptions {
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  tls?: ListenerTls | undefined;
  /**
   * One message's bytes → its ACK (text), and what to do once the ACK is written to the socket.
   * Called for one connection's messages one at a time.
   */
  onMessage: (raw: Buffer) => Promise<{ ack: string; written?: () => void }>;
  /** A connection's error (the peer went away): no patient data in it. */
  onError?: (err: Error) => void;
}

export interface MllpListener {
  host: string;
  port: number;
  /** Stops listening, lets the messages being handled finish (their ACKs sent), then closes the connections. */
  close(): Promise<void>;
}

/**
 * Splits an MLLP stream (VT message FS CR; HL7 v2.5.1 appendix C) into messages, however the
 * bytes arrive. A message longer than HL7_INBOUND_LIMITS.maxMessageBytes is not kept whole: only
 * its first maxMessageBytes + 1 bytes are given (so it is refused as too large), and memory stays
 * bounded. Bytes outside a block are ignored.
 */
export class MllpFramer {
  private chunks: Buffer[] = [];
  private kept = 0;
  private inBlock = false;
  /** The last byte was FS: the block ends if CR follows, else the FS was data. */
  private pendingFs = false;

  constructor(private readonly emit: (raw: Buffer) => void) {}

  push(data: Buffer): void {
    let start = this.inBlock && !this.pendingFs ? 0 : -1;
    for (let i = 0; i < data.length; i++) {
      const b = data[i]!;
      if (!this.inBlock) {
        if (b === VT) {
          this.inBlock = true;
          start = i + 1;
        }
        continue;
      }
      if (this.pendingFs) {
        this.pendingFs = false;
        if (b === CR) {
          this.finish();
          start = -1;
          continue;
        }
        this.keep(Buffer.from([FS]));
        start = i;
      }
      if (b === FS) {
        this.keep(data.subarray(start, i));
        this.pendingFs = true;
        start = -1;
      }
    }
    if (this.inBlock && !this.pendingFs && start >= 0) this.keep(data.subarray(start));
  }

  private keep(part: Buffer) {
    const room = HL7_INBOUND_LIMITS.maxMessageBytes + 1 - this.kept;
    if (room <= 0 || !part.length) return;
    const taken = part.subarray(0, room);
    this.chunks.push(Buffer.from(taken));
    this.kept += taken.length;
  }

  private finish() {
    const raw = Buffer.concat(this.chunks);
    this.chunks = [];
    this.kept = 0;
    this.inBlock = false;
    this.emit(raw);
  }
}

const frame = (ack: string) => {
  const body = Buffer.from(ack, 'utf8');
  return Buffer.concat([Buffer.from([VT]), body, Buffer.from([FS, CR])]);
};

/**
 * An MLLP listener (issue 44): a TCP (or TLS) server whose connections' messages are handed to
 * `onMessage` one at a time, in the order they arrived, each ACK written back before the next
 * message of the connection is handled.
 */
export async function startMllpListener(opts: MllpListenerOptions): Promise<MllpListener> {
  const sockets = new Set<net.Socket>();
  const busy = new Set<Promise<unknown>>();
  const handle = (socket: net.Socket) => {
    sockets.add(socket);
    let chain: Promise<unknown> = Promise.resolve();
    const framer = new MllpFramer((raw) => {
      chain = chain.then(async () => {
        const { ack, written } = await opts.onMessage(raw);
        if (socket.destroyed) return;
        socket.write(frame(ack), (err) => {
          if (!err) written?.();
        });
      });
      const tracked = chain.catch((err: Error) => {
        opts.onError?.(err);
        socket.destroy();
      });
      busy.add(tracked);
      void tracked.finally(() => busy.delete(tracked));
    });
    socket.on('data', (d: Buffer) => framer.push(d));
    socket.on('error', (err) => opts.onError?.(err));
    socket.on('close', () => sockets.delete(socket));
  };
  const server = opts.tls
    ? tls.createServer(
        {
          ...(opts.tls.certFile ? { cert: readFileSync(opts.tls.certFile) } : {}),
          ...(opts.tls.keyFile ? { key: readFileSync(opts.tls.keyFile) } : {}),
          ...(opts.tls.caFile ? { ca: readFileSync(opts.tls.caFile), requestCert: true } : {}),
        },
        handle,
      )
    : net.createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as net.AddressInfo;
  return {
    host: address.address,
    port: address.port,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.allSettled([...busy]);
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}
