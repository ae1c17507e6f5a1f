import { describe, expect, it } from 'vitest';
import { stickyLayout } from './columnWidths';

describe('stickyLayout', () => {
  it('pins the checkbox, details toggle, indicators, STAT and job id, each after the last', () => {
    expect(stickyLayout(['stat', 'filterJobId', 'dictatorName'], true)).toEqual({
      count: 5,
      offsets: {
        '--sticky-1': '0px',
        '--sticky-2': '30px',
        '--sticky-3': '60px',
        '--sticky-4': '182px',
        '--sticky-5': '246px',
      },
    });
  });

  it('pins the job id when it leads (STAT hidden), and nothing after a column that scrolls', () => {
    expect(stickyLayout(['filterJobId', 'dictatorName'], false).count).toBe(3);
    expect(stickyLayout(['filterJobId', 'dictatorName'], false).offsets['--sticky-3']).toBe('152px');
    expect(stickyLayout(['stat', 'dictatorName', 'filterJobId'], true).count).toBe(4);
    expect(stickyLayout(['dictatorName', 'filterJobId'], true).count).toBe(3);
  });
});
