import { describe, expect, it } from 'vitest';
import { FAILED_STAGE_IDS, STAGE_LIST, STAGES, stageIdsOf, stageLabel } from './stages.js';

describe('stage label rule (spec 01 §4)', () => {
  it('reads Processing, Finished and ES as themselves (ES as ESign), whatever the id', () => {
    expect(stageLabel(410, 'Processing')).toBe('Processing');
    expect(stageLabel(13, 'Finished')).toBe('Finished');
    expect(stageLabel(11, 'ES')).toBe('ESign');
  });

  it('reads ids above 7 as pending distribution, except 16', () => {
    expect(stageLabel(8, 'Pending Fax')).toBe('Pending Distribution');
    expect(stageLabel(9, 'Manual Distribution')).toBe('Pending Distribution');
    expect(stageLabel(16, 'Cancelled')).toBe('Cancelled');
  });

  it('reads ids 4 to 7 as failed distribution', () => {
    for (const id of [4, 5, 6, 7]) expect(stageLabel(id, 'x')).toBe('Failed Distribution');
  });

  it('shows the translated name for the rest, and an empty name as empty', () => {
    expect(stageLabel(3, 'Hold Queue', (n) => `[${n}]`)).toBe('[Hold Queue]');
    expect(stageLabel(1, '')).toBe('');
    expect(stageLabel(null, null)).toBe('');
  });

  it('gives every catalogued stage a sensible label', () => {
    const labels = Object.fromEntries(Object.values(STAGES).map((s) => [s.id, stageLabel(s.id, s.name)]));
    expect(labels).toEqual({
      1: 'Dictated',
      2: 'Transcription',
      3: 'Hold Queue',
      4: 'Failed Distribution',
      5: 'Failed Distribution',
      6: 'Failed Distribution',
      7: 'Failed Distribution',
      8: 'Pending Distribution',
      9: 'Pending Distribution',
      10: 'Pending Distribution',
      11: 'ESign',
      13: 'Finished',
      16: 'Cancelled',
      410: 'Processing',
    });
  });
});

describe('queues of the stage catalogue (docs/domain.md "Queues")', () => {
  it('puts stage 3 in the hold queue and stages 4–7 in the failed queue', () => {
    expect(stageIdsOf('hq')).toEqual([STAGES.holdQueue.id]);
    expect(stageIdsOf('failed')).toEqual([4, 5, 6, 7]);
    expect(FAILED_STAGE_IDS).toEqual(stageIdsOf('failed'));
  });

  it('lists every catalogued stage once', () => {
    expect(STAGE_LIST.map((s) => s.id)).toEqual(Object.values(STAGES).map((s) => s.id));
    expect(new Set(STAGE_LIST.map((s) => s.id)).size).toBe(STAGE_LIST.length);
  });
});
