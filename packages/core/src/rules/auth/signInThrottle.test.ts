import { describe, expect, it } from 'vitest';
import { SIGN_IN_THROTTLE } from '../settings/constants.js';
import { signInDelaysMs, waitInWords } from './signInThrottle.js';

describe('sign-in throttle schedule', () => {
  it('lets a user name fail five times freely, then doubles the wait, then locks at ten', () => {
    expect(signInDelaysMs('user')).toEqual([
      0,
      0,
      0,
      0,
      0,
      1_000,
      2_000,
      4_000,
      8_000,
      16_000,
      SIGN_IN_THROTTLE.user.lockMs,
    ]);
  });

  it('gives an address a hundred free failures before it is locked', () => {
    const delays = signInDelaysMs('address');
    expect(delays.slice(0, 100).every((d) => d === 0)).toBe(true);
    expect(delays[100]).toBe(15 * 60_000);
  });

  it('says the wait in seconds or whole minutes', () => {
    expect(waitInWords(400)).toBe('1 second');
    expect(waitInWords(15_500)).toBe('16 seconds');
    expect(waitInWords(60_000)).toBe('1 minute');
    expect(waitInWords(14 * 60_000 + 1)).toBe('15 minutes');
  });
});
