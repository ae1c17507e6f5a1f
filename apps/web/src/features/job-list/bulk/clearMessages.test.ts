import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { clearMessages } from './clearMessages';

const t = i18n.t.bind(i18n);

describe('clearMessages (spec 01 §8 "Clear")', () => {
  it('one job cleared', () => {
    expect(clearMessages({ cleared: [4], notCleared: [] }, t)).toEqual({
      success: 'The selected job was cleared from the list',
      perJob: [],
      warning: null,
    });
  });

  it('several cleared, one left: the job is named in the warning', () => {
    const m = clearMessages(
      { cleared: [1, 2], notCleared: [{ jobId: 9, stageName: 'Manual Distribution' }] },
      t,
    );
    expect(m.success).toBe('2 selected jobs were cleared from the list');
    expect(m.warning).toBe('Job ID: 9 was not cleared due to: Job is in Manual Distribution');
    expect(m.perJob).toEqual([m.warning]);
  });

  it('none cleared, several left: the plural summary, and a line per job', () => {
    const m = clearMessages(
      {
        cleared: [],
        notCleared: [
          { jobId: 5, stageName: 'ESign' },
          { jobId: 6, stageName: 'Transcription' },
        ],
      },
      t,
    );
    expect(m.success).toBeNull();
    expect(m.warning).toBe('2 selected jobs are not Finished and were not cleared');
    expect(m.perJob).toEqual([
      'Job ID: 5 was not cleared due to: Job is in ESign',
      'Job ID: 6 was not cleared due to: Job is in Transcription',
    ]);
  });
});
