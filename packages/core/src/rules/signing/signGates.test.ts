import { describe, expect, it } from 'vitest';
import { accountSigns, returnSelectedGate, signSelectedGate } from './signGates.js';

describe('signing gates (issue 43)', () => {
  it('takes the server’s word on who signs, else a dictator account signs', () => {
    expect(accountSigns(1, {})).toBe(true);
    expect(accountSigns(3, {})).toBe(false);
    expect(accountSigns(3, { maySign: true })).toBe(true);
    expect(accountSigns(1, { maySign: false })).toBe(false);
  });

  it('signs one to ten jobs at once and says why not otherwise', () => {
    expect(signSelectedGate([])).toEqual({ shown: true, disabledBy: { key: 'toSign.actions.chooseJobs' } });
    expect(signSelectedGate([1, 2, 2])).toEqual({ shown: true, disabledBy: null });
    const eleven = Array.from({ length: 11 }, (_, i) => i + 1);
    expect(signSelectedGate(eleven)).toEqual({
      shown: true,
      disabledBy: { key: 'toSign.actions.tooMany', values: { max: 10, count: 11 } },
    });
  });

  it('returns exactly one job for correction', () => {
    expect(returnSelectedGate([4])).toEqual({ shown: true, disabledBy: null });
    expect(returnSelectedGate([4, 5])).toEqual({
      shown: true,
      disabledBy: { key: 'toSign.actions.chooseOne' },
    });
  });
});
