import { describe, expect, it } from 'vitest';
import { SCHEDULE_LIMITS } from '../../contract/schedule.js';
import { cellPreview } from './cellPreview.js';

describe('cellPreview', () => {
  it('keeps a short cell and cuts a long one to the preview length, ending in …', () => {
    expect(cellPreview('Smith')).toBe('Smith');
    const long = cellPreview('x'.repeat(9_900_000));
    expect(long).toHaveLength(SCHEDULE_LIMITS.cellPreview);
    expect(long.endsWith('x…')).toBe(true);
  });

  it('never cuts a character of two code units in half', () => {
    const cut = cellPreview(`${'a'.repeat(8)}🩺🩺🩺`, 10);
    expect(cut).toBe(`${'a'.repeat(8)}…`);
  });
});
