import { describe, expect, it } from 'vitest';
import { validateApplicationSettings } from './applicationSettings.js';

describe('application settings (spec 01 §5)', () => {
  it('keeps valid stored values', () => {
    expect(
      validateApplicationSettings({
        jobCountUpdateIntervalSeconds: 30,
        jobListDataBatchSize: 1,
        jobListCountBatchSize: 8,
      }),
    ).toEqual({
      settings: { jobCountUpdateIntervalSeconds: 30, jobListDataBatchSize: 1, jobListCountBatchSize: 8 },
      invalid: [],
    });
  });

  it('replaces values under the minimum, non-integers and wrong types by the defaults and names them', () => {
    expect(
      validateApplicationSettings({
        jobCountUpdateIntervalSeconds: 29,
        jobListDataBatchSize: 0,
        jobListCountBatchSize: '4',
      }),
    ).toEqual({
      settings: { jobCountUpdateIntervalSeconds: 180, jobListDataBatchSize: 4, jobListCountBatchSize: 4 },
      invalid: ['jobCountUpdateIntervalSeconds', 'jobListDataBatchSize', 'jobListCountBatchSize'],
    });
    expect(validateApplicationSettings({ jobListDataBatchSize: 2.5 }).invalid).toEqual([
      'jobListDataBatchSize',
    ]);
  });

  it('uses the defaults when nothing is stored', () => {
    expect(validateApplicationSettings(null).settings).toEqual({
      jobCountUpdateIntervalSeconds: 180,
      jobListDataBatchSize: 4,
      jobListCountBatchSize: 4,
    });
  });
});
