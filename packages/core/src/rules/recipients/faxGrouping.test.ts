import { describe, expect, it } from 'vitest';
import { groupFaxes, jobsForRecipient, jobsNotFaxed } from './faxGrouping.js';

const drA = { number: '2015550101', contactOf: [27] };
const drB = { number: '2015550202', contactOf: [28] };
const shared = { number: '2015550303', contactOf: [27, 29] };

describe('which jobs go in which fax (issue 39 row 4)', () => {
  it('sends each job only to its own contacts by default: two jobs, two faxes, one job each', () => {
    const { faxes, forNoJob } = groupFaxes([27, 28], [drA, drB], false);
    expect(faxes.map((f) => [f.recipients[0]!.number, f.jobIds])).toEqual([
      ['2015550101', [27]],
      ['2015550202', [28]],
    ]);
    expect(forNoJob).toEqual([]);
  });

  it('gives a recipient on two of three jobs exactly those two, in the request’s order', () => {
    expect(jobsForRecipient([29, 28, 27], shared, false)).toEqual([29, 27]);
  });

  it('sends every job to every recipient in one fax only when asked to send them together', () => {
    const { faxes } = groupFaxes([27, 28], [drA, drB], true);
    expect(faxes.map((f) => f.jobIds)).toEqual([
      [27, 28],
      [27, 28],
    ]);
  });

  it('follows the jobs chosen for a recipient, contact or not, and keeps only jobs of the request', () => {
    const custom = { number: '5550100', contactOf: [], chosen: [28, 99] };
    expect(jobsForRecipient([27, 28], custom, false)).toEqual([28]);
    expect(jobsForRecipient([27, 28], { ...shared, chosen: [28] }, false)).toEqual([28]);
  });

  it('answers apart a recipient who would receive no job, but sends the one job faxed alone', () => {
    const custom = { number: '5550100', contactOf: [] };
    expect(groupFaxes([27, 28], [drA, custom], false).forNoJob).toEqual([custom]);
    expect(groupFaxes([27], [custom], false).faxes.map((f) => f.jobIds)).toEqual([[27]]);
  });

  it('faxes one number once, with the jobs of everyone at that number', () => {
    const again = { ...drB, number: drA.number };
    const { faxes } = groupFaxes([27, 28], [drA, again], false);
    expect(faxes).toEqual([{ recipients: [drA, again], jobIds: [27, 28] }]);
  });

  it('names the jobs no fax carries', () => {
    expect(jobsNotFaxed([27, 28, 29], [{ jobIds: [27] }, { jobIds: [29] }])).toEqual([28]);
  });
});
