import { describe, expect, it } from 'vitest';
import {
  deliveryKey,
  failedStageOf,
  isDistributionStage,
  pendingStageOf,
  planDeliveries,
  redirectKey,
  settleDistribution,
} from './deliveryPlan.js';

const r = (id: number, distributionMethod: string, removed = false) => ({ id, distributionMethod, removed });

describe('planDeliveries', () => {
  it('plans one delivery per live recipient and method', () => {
    expect(
      planDeliveries([r(1, 'fax'), r(2, 'fax'), r(3, 'print'), r(4, 'electronic'), r(5, 'fax', true)], {
        skipPrint: false,
        skipExport: false,
      }),
    ).toEqual([
      { recipientId: 1, method: 'fax' },
      { recipientId: 2, method: 'fax' },
      { recipientId: 3, method: 'print' },
      { recipientId: 4, method: 'electronic' },
    ]);
  });

  it('leaves out print with skipPrint and electronic with skipExport; an unknown method is print', () => {
    const list = [r(1, 'print'), r(2, 'electronic'), r(3, 'fax'), r(4, 'carrier pigeon'), r(3, 'fax')];
    expect(planDeliveries(list, { skipPrint: true, skipExport: true })).toEqual([
      { recipientId: 3, method: 'fax' },
    ]);
    expect(planDeliveries(list, { skipPrint: false, skipExport: true })).toEqual([
      { recipientId: 1, method: 'print' },
      { recipientId: 3, method: 'fax' },
      { recipientId: 4, method: 'print' },
    ]);
  });
});

describe('delivery keys', () => {
  it('name job, version, recipient, method and kind, and are safe transport keys', () => {
    const key = deliveryKey({ jobId: 12, jobVersion: 3, recipientId: 45, method: 'fax', preliminary: false });
    expect(key).toBe('j12-v3-r45-fax-final');
    expect(key).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    expect(
      deliveryKey({ jobId: 12, jobVersion: 3, recipientId: 45, method: 'fax', preliminary: true }),
    ).not.toBe(key);
    expect(redirectKey(99, 3, 'print')).toBe('d99-v3-print-redirect');
  });
});

describe('settling a job', () => {
  const d = (method: string, status: string) => ({ method, status });
  it('finishes when every delivery was sent, redirected ones counting through their replacement', () => {
    expect(settleDistribution([d('fax', 'sent'), d('print', 'sent'), d('fax', 'redirected')])).toEqual({
      kind: 'finished',
    });
  });
  it('waits while one is on its way, or none exists', () => {
    expect(settleDistribution([d('fax', 'failed'), d('print', 'sending')])).toEqual({ kind: 'waiting' });
    expect(settleDistribution([d('fax', 'queued')])).toEqual({ kind: 'waiting' });
    expect(settleDistribution([])).toEqual({ kind: 'waiting' });
  });
  it('fails to the stage of the failed method, or 7 for several', () => {
    expect(settleDistribution([d('fax', 'failed'), d('print', 'sent')])).toEqual({
      kind: 'failed',
      stageId: 4,
    });
    expect(settleDistribution([d('print', 'failed')])).toEqual({ kind: 'failed', stageId: 5 });
    expect(settleDistribution([d('electronic', 'failed'), d('electronic', 'failed')])).toEqual({
      kind: 'failed',
      stageId: 6,
    });
    expect(failedStageOf(['fax', 'electronic'])).toBe(7);
  });
  it('knows the distribution stages and the pending stage to return to', () => {
    expect([8, 9, 10, 11, 13].map(isDistributionStage)).toEqual([true, true, true, false, false]);
    expect(pendingStageOf(['print', 'fax'])).toBe(8);
    expect(pendingStageOf(['electronic'])).toBe(10);
    expect(pendingStageOf(['print'])).toBe(9);
  });
});
