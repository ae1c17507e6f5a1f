import { describe, expect, it } from 'vitest';
import { addresseeLimit, SAVE_MODES, type SaveOptionFacts, saveOptionsFor } from './saveOptions.js';

const facts: SaveOptionFacts = {
  componentType: 'TR',
  addresseeCount: 1,
  workType: { enableAddressee: true, minAddressees: 1, maxAddressees: 2 },
};

describe('saveOptionsFor (spec 02 §3–§5)', () => {
  it('numbers the modes as the spec does', () => {
    expect(SAVE_MODES).toEqual({ saveOnly: 0, moveOn: 1, hold: 2, recheck: 3, draft: 4, finish: 5 });
  });
  it('offers every mode but finish to a non-HIM job', () => {
    expect(saveOptionsFor(facts)).toEqual({
      modes: ['saveOnly', 'moveOn', 'hold', 'recheck', 'draft'],
      limit: null,
    });
  });
  it('offers finish to a HIM job (component type HI, any case)', () => {
    expect(saveOptionsFor({ ...facts, componentType: 'hi' }).modes).toContain('finish');
  });
  it('hides move on and finish when there are too many or too few addressees', () => {
    expect(saveOptionsFor({ ...facts, componentType: 'HI', addresseeCount: 3 })).toEqual({
      modes: ['saveOnly', 'hold', 'recheck', 'draft'],
      limit: 'tooManyAddressees',
    });
    expect(saveOptionsFor({ ...facts, addresseeCount: 0 }).limit).toBe('notEnoughAddressees');
  });
  it('has no limit when addressees are disabled or the work type is unknown', () => {
    expect(
      addresseeLimit({ addresseeCount: 9, workType: { ...facts.workType!, enableAddressee: false } }),
    ).toBeNull();
    expect(addresseeLimit({ addresseeCount: 9, workType: null })).toBeNull();
    expect(
      addresseeLimit({
        addresseeCount: 9,
        workType: { enableAddressee: true, minAddressees: null, maxAddressees: null },
      }),
    ).toBeNull();
  });
});
