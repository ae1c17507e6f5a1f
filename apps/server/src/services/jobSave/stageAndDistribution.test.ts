import { describe, expect, it } from 'vitest';
import { liveMethods } from './stageAndDistribution.js';

describe('the distribution methods a save moves the job by', () => {
  it('takes each method of the recipients it keeps once, not those it removes', () => {
    const checked = [
      { distributionMethod: 'fax', removed: false },
      { distributionMethod: 'fax', removed: false },
      { distributionMethod: 'print', removed: true },
      { distributionMethod: 'email', removed: false },
    ];
    expect(liveMethods(checked)).toEqual(['fax', 'email']);
  });
});
