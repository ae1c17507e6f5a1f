import { describe, expect, it } from 'vitest';
import {
  FOOT_PEDAL_MODELS,
  footPedalFilters,
  footPedalModel,
  PEDAL_BITS,
  pedalCommands,
  pedalMask,
} from './audioPedals.js';

describe('WebHID foot pedals', () => {
  it('asks for the VEC Infinity and the Philips foot controls', () => {
    expect(footPedalFilters()).toEqual([
      { vendorId: 0x05f3, productId: 0x00ff },
      { vendorId: 0x0911, productId: 0x1844 },
      { vendorId: 0x0911, productId: 0x091a },
    ]);
    expect(footPedalModel({ vendorId: 0x0911, productId: 0x091a })?.name).toBe('Philips ACC 2330');
    expect(footPedalModel({ vendorId: 0x046d, productId: 0xc077 })).toBeUndefined();
    expect(FOOT_PEDAL_MODELS).toHaveLength(3);
  });

  it('reads the pedals from the first byte of a report', () => {
    expect(pedalMask(new DataView(new Uint8Array([0b0101, 0]).buffer))).toBe(0b101);
    expect(pedalMask(new DataView(new Uint8Array([0xff]).buffer))).toBe(0b111);
    expect(pedalMask(new DataView(new ArrayBuffer(0)))).toBe(0);
  });

  it('left rewinds while held, middle plays while held, right fast-forwards while held', () => {
    expect(pedalCommands(0, PEDAL_BITS.left)).toEqual([{ type: 'holdStart', hold: 'rewind' }]);
    expect(pedalCommands(PEDAL_BITS.left, 0)).toEqual([{ type: 'holdEnd', hold: 'rewind' }]);
    expect(pedalCommands(0, PEDAL_BITS.middle)).toEqual([{ type: 'play' }]);
    expect(pedalCommands(PEDAL_BITS.middle, 0)).toEqual([{ type: 'pause' }]);
    expect(pedalCommands(0, PEDAL_BITS.right)).toEqual([{ type: 'holdStart', hold: 'fastForward' }]);
    expect(pedalCommands(PEDAL_BITS.right, 0)).toEqual([{ type: 'holdEnd', hold: 'fastForward' }]);
  });

  it('reports only what changed', () => {
    expect(pedalCommands(PEDAL_BITS.middle, PEDAL_BITS.middle | PEDAL_BITS.left)).toEqual([
      { type: 'holdStart', hold: 'rewind' },
    ]);
    expect(pedalCommands(0b111, 0b111)).toEqual([]);
    expect(pedalCommands(PEDAL_BITS.left, PEDAL_BITS.right)).toEqual([
      { type: 'holdEnd', hold: 'rewind' },
      { type: 'holdStart', hold: 'fastForward' },
    ]);
  });
});
