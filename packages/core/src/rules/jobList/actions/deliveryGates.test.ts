import { describe, expect, it } from 'vitest';
import { deliveryActionGate, retryDeliveriesGate } from './deliveryGates.js';

const may = new Set(['distributionJobActionsQueue']);
const none = new Set<string>(['jobView']);

describe('delivery gates (issue 43)', () => {
  it('hides Retry and Redirect without distributionJobActionsQueue', () => {
    expect(deliveryActionGate(none)).toEqual({ shown: false });
    expect(deliveryActionGate(may)).toEqual({ shown: true, disabledBy: null });
    expect(retryDeliveriesGate(none, [1], 'failed')).toEqual({ shown: false });
  });

  it('offers Retry in the failed queue only, for at most ten jobs', () => {
    expect(retryDeliveriesGate(may, [1], 'pending')).toEqual({ shown: false });
    expect(retryDeliveriesGate(may, [1, 2], 'failed')).toEqual({ shown: true, disabledBy: null });
    const eleven = Array.from({ length: 11 }, (_, i) => i + 1);
    expect(retryDeliveriesGate(may, eleven, 'failed')).toEqual({
      shown: true,
      disabledBy: { key: 'deliveries.tooMany', values: { max: 10 } },
    });
  });
});
