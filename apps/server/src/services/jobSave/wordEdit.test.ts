import { describe, expect, it } from 'vitest';
import { wordBaseAfter } from './wordEdit.js';

describe("where a booking's Word edit starts after a save", () => {
  it("marks the version before a booking's first PutFile, and keeps it over later ones", () => {
    expect(wordBaseAfter({ wordBaseVersion: null }, { wopiLock: 'L' }, 3)).toBe(3);
    expect(wordBaseAfter({ wordBaseVersion: 3 }, { wopiLock: 'L' }, 5)).toBe(3);
  });

  it('ends the Word edit on a save through the job view', () => {
    expect(wordBaseAfter({ wordBaseVersion: 3 }, { bookingCookie: 'c' }, 5)).toBeNull();
  });
});
