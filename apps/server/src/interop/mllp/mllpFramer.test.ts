import { HL7_INBOUND_LIMITS } from '@quill/core';
import { describe, expect, it } from 'vitest';
import { MllpFramer } from './mllpListener.js';

const block = (text: string) =>
  Buffer.concat([Buffer.from([0x0b]), Buffer.from(text), Buffer.from([0x1c, 0x0d])]);

function framed(chunks: Buffer[]) {
  const out: string[] = [];
  const framer = new MllpFramer((raw) => out.push(raw.toString('latin1')));
  for (const c of chunks) framer.push(c);
  return out;
}

describe('MLLP framing', () => {
  it('splits messages however the bytes arrive: two in a chunk, one byte at a time, FS CR split', () => {
    const both = Buffer.concat([block('MSH|A\rPID|1'), Buffer.from('\n'), block('MSH|B')]);
    expect(framed([both])).toEqual(['MSH|A\rPID|1', 'MSH|B']);
    expect(framed([...both].map((b) => Buffer.from([b])))).toEqual(['MSH|A\rPID|1', 'MSH|B']);
    expect(framed([both.subarray(0, 13), both.subarray(13)])).toEqual(['MSH|A\rPID|1', 'MSH|B']);
  });

  it('keeps an FS not followed by CR as data', () => {
    expect(framed([block('A\u001cB')])).toEqual(['A\u001cB']);
  });

  it('keeps no more than the limit and one byte of a message too large', () => {
    const big = 'x'.repeat(HL7_INBOUND_LIMITS.maxMessageBytes + 5000);
    const [raw] = framed([block(big)]);
    expect(raw).toHaveLength(HL7_INBOUND_LIMITS.maxMessageBytes + 1);
  });
});
