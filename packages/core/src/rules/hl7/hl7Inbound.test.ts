import { describe, expect, it } from 'vitest';
import { acceptsMessageType, controlCharacterAt, hl7Time } from './hl7Inbound.js';

describe('the inbound HL7 rules', () => {
  it('reads HL7 times as dates or wall-clock times, and refuses what is not a time', () => {
    expect(hl7Time('19800131', false)).toBe('1980-01-31');
    expect(hl7Time('202601021304', true)).toBe('2026-01-02T13:04:00');
    expect(hl7Time('20260102130405.123-0500', true)).toBe('2026-01-02T13:04:05');
    expect(hl7Time('20260230', false)).toBeNull();
    expect(hl7Time('2026', false)).toBeNull();
    expect(hl7Time('tomorrow', true)).toBeNull();
    expect(hl7Time('2026010225', true)).toBeNull();
  });

  it('takes an event by its full type or by its message type alone', () => {
    expect(acceptsMessageType(['ADT'], 'ADT^A08')).toBe(true);
    expect(acceptsMessageType(['ADT^A01', 'ORM^O01'], 'ORM^O01')).toBe(true);
    expect(acceptsMessageType(['ADT^A01'], 'ADT^A08')).toBe(false);
  });

  it('finds control characters other than CR, LF and TAB', () => {
    expect(controlCharacterAt('MSH|^~\\&|A\rPID|1\r\n\t')).toBe(-1);
    expect(controlCharacterAt('PID|1|\u0000')).toBe(6);
    expect(controlCharacterAt('PID|\u007f')).toBe(4);
  });
});
