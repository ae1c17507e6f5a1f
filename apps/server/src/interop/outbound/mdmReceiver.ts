import { once } from 'node:events';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type Hl7Message, Hl7Segment } from '@medplum/core';
import { type Hl7MessageEvent, Hl7Server } from '@medplum/hl7';

/** A message the receiver got: MSH-10, MSH-9 and the message as received. */
export interface ReceivedMessage {
  controlId: string;
  type: string;
  text: string;
}

/** How the receiver answers a message: AA, or AE/AR with a reason, or not at all ('hold'). */
export type ReceiverAnswer = { code: 'AA' } | { code: 'AE' | 'AR'; reason: string } | 'hold';

const safe = (v: string) => v.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 60) || 'message';

/** The PDF an MDM/ORU carries in OBX-5 (ED, base64), or null. */
export function pdfOf(m: Hl7Message): Buffer | null {
  for (const obx of m.getAllSegments('OBX')) {
    if (obx.getField(2).toString() !== 'ED') continue;
    const f = obx.getField(5);
    if (f.getComponent(3).toLowerCase() === 'pdf' && f.getComponent(4).toLowerCase() === 'base64')
      return Buffer.from(f.getComponent(5), 'base64');
  }
  return null;
}

/**
 * An MLLP receiver of documents (issue 44): the demo's (`npm run hl7:receive`) and the tests' peer.
 * Listens on `port` (0: any free one) with @medplum/hl7's server; each message is kept in
 * `received`, written to `dir` when given (`<MSH-10>.hl7`, and `<MSH-10>.pdf` when OBX-5 carries
 * a PDF) and answered as `answer` says (default AA).
 */
export async function startMdmReceiver(opts: {
  port: number;
  dir?: string | null;
  answer?: (m: Hl7Message) => ReceiverAnswer;
  onMessage?: (m: ReceivedMessage) => void;
}) {
  const received: ReceivedMessage[] = [];
  if (opts.dir) await mkdir(opts.dir, { recursive: true });
  const write = async (name: string, bytes: string | Buffer) => {
    const path = join(opts.dir!, name);
    await writeFile(`${path}.part`, bytes);
    await rename(`${path}.part`, path);
  };
  const server = new Hl7Server((connection) => {
    connection.addEventListener('message', async ({ message }: Hl7MessageEvent) => {
      const r = {
        controlId: message.getSegment('MSH')?.getField(10).toString() ?? '',
        type: message.getSegment('MSH')?.getField(9).toString() ?? '',
        text: message.toString(),
      };
      received.push(r);
      opts.onMessage?.(r);
      if (opts.dir) {
        await write(`${safe(r.controlId)}.hl7`, `${r.text.replace(/\r/g, '\n')}\n`);
        const pdf = pdfOf(message);
        if (pdf) await write(`${safe(r.controlId)}.pdf`, pdf);
      }
      const answer = opts.answer?.(message) ?? { code: 'AA' };
      if (answer === 'hold') return;
      if (answer.code === 'AA') return connection.send(message.buildAck({ ackCode: 'AA' }));
      const err = new Hl7Segment([
        'ERR',
        '',
        '',
        '207^Application internal error^HL70357',
        'E',
        '',
        '',
        '',
        answer.reason,
      ]);
      const ack = message.buildAck({ ackCode: answer.code, errSegment: err });
      ack.getSegment('MSA')?.setField(3, answer.reason);
      connection.send(ack);
    });
  });
  server.start(opts.port);
  if (!server.server!.listening) await once(server.server!, 'listening');
  return {
    port: (server.server!.address() as AddressInfo).port,
    received,
    stop: () => server.stop({ forceDrainTimeoutMs: 100 }),
  };
}
