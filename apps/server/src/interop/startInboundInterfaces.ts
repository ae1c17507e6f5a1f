import type { InboundInterface } from '@quill/core';
import type { AppContext } from '../context.js';
import { receiveMessage } from './inbound/receiveMessage.js';
import { loadInterfacesFile } from './interfacesFile.js';
import { markMessage } from './log/recordMessage.js';
import { type MllpListener, startMllpListener } from './mllp/mllpListener.js';

/** The inbound interfaces listening: each one's name and address. */
export interface InboundListeners {
  listening: { name: string; host: string; port: number }[];
  close(): Promise<void>;
}

/** One inbound interface's MLLP listener: each message received (receiveMessage), its ACK time logged. */
export async function listenInbound(ctx: AppContext, iface: InboundInterface): Promise<MllpListener> {
  return startMllpListener({
    host: iface.host,
    port: iface.port,
    tls: iface.tls,
    onMessage: async (raw) => {
      const { ack, messageId } = await receiveMessage(ctx, iface, raw);
      const written = () =>
        void markMessage(ctx.database.db, messageId, { acknowledgedAt: new Date() }).catch((err: Error) =>
          ctx.log.warn({ messageId, err: { name: err.name } }, 'interface ACK time not logged'),
        );
      return { ack, written };
    },
    onError: (err) =>
      ctx.log.warn(
        { interface: iface.name, err: { name: err.name, code: (err as { code?: string }).code } },
        'MLLP connection error',
      ),
  });
}

/**
 * Starts an MLLP listener for each inbound interface of HL7_INTERFACES_FILE (issue 44), in the
 * server process; the file is read and checked first (a wrong one stops the start). `close`
 * stops them: the messages being handled finish and are acknowledged first.
 */
export async function startInboundInterfaces(ctx: AppContext): Promise<InboundListeners> {
  const file = loadInterfacesFile(ctx.config.HL7_INTERFACES_FILE);
  const started: { name: string; listener: MllpListener }[] = [];
  try {
    for (const iface of file.interfaces) {
      if (iface.direction !== 'in') continue;
      started.push({ name: iface.name, listener: await listenInbound(ctx, iface) });
    }
  } catch (err) {
    await Promise.allSettled(started.map((s) => s.listener.close()));
    throw err;
  }
  return {
    listening: started.map((s) => ({ name: s.name, host: s.listener.host, port: s.listener.port })),
    close: async () => {
      await Promise.allSettled(started.map((s) => s.listener.close()));
    },
  };
}
