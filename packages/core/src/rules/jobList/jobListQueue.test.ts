import { describe, expect, it } from 'vitest';
import { DEFAULT_QUEUE, isQueueName, resolveQueueName, visibleQueues } from './jobListQueue.js';
import { queueListCall } from './jobListQueueCall.js';

describe('queue names (spec 01 §2, §4)', () => {
  it('knows the four queues', () => {
    for (const q of ['pending', 'hq', 'failed', 'all']) expect(isQueueName(q)).toBe(true);
    for (const q of ['Pending', 'queue', '', null, 3]) expect(isQueueName(q)).toBe(false);
  });

  it('replaces an unknown list type by pending, flagged so the caller warns', () => {
    expect(resolveQueueName('failed')).toEqual({ queue: 'failed', known: true });
    expect(resolveQueueName('bogus')).toEqual({ queue: 'pending', known: false });
    expect(resolveQueueName(undefined)).toEqual({ queue: 'pending', known: false });
    expect(resolveQueueName('')).toEqual({ queue: 'pending', known: false });
    expect(DEFAULT_QUEUE).toBe('pending');
  });

  it('ignores letter case, as the routes do', () => {
    expect(resolveQueueName('HQ')).toEqual({ queue: 'hq', known: true });
  });

  it('shows the hold queue only with holdQueueView', () => {
    expect(visibleQueues(true)).toEqual(['pending', 'hq', 'failed', 'all']);
    expect(visibleQueues(false)).toEqual(['pending', 'failed', 'all']);
  });

  it('maps each queue to its list call', () => {
    expect(queueListCall('pending')).toEqual({ path: '/api/jobs/dist', query: { status: 'PENDING' } });
    expect(queueListCall('failed')).toEqual({ path: '/api/jobs/dist', query: { status: 'FAILED' } });
    expect(queueListCall('hq')).toEqual({ path: '/api/jobs/him', query: {} });
    expect(queueListCall('all')).toEqual({ path: '/api/jobs/alljobs', query: {} });
  });
});
