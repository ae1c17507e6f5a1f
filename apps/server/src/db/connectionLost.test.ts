import { describe, expect, it } from 'vitest';
import { databaseUnavailable } from './connectionLost.js';
import { DatabaseNotAnswering } from './databaseWatch.js';

/** How Drizzle reports a failed statement: its own error, the driver's as the cause. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('a lost database connection', () => {
  it('is unavailable (503) for refused, reset and shut-down connections and pool timeouts', () => {
    const lost = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      wrapped(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })),
      wrapped(
        Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      ),
      wrapped(Object.assign(new Error('the database system is starting up'), { code: '57P03' })),
      wrapped(Object.assign(new Error('connection failure'), { code: '08006' })),
      wrapped(new Error('Connection terminated unexpectedly')),
      new Error('timeout exceeded when trying to connect'),
      new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })], 'connect failed'),
      // Issue 41: a hung database, its connections closed and new ones refused by the watch.
      wrapped(new DatabaseNotAnswering()),
    ];
    for (const err of lost) {
      const domain = databaseUnavailable(err);
      expect(domain?.kind, String(err)).toBe('unavailable');
      expect(domain?.message).toMatch(/^Quill cannot reach its database/);
    }
  });

  it('is not unavailable for errors of the statement itself', () => {
    const own = [
      wrapped(Object.assign(new Error('duplicate key value'), { code: '23505' })),
      wrapped(Object.assign(new Error('syntax error'), { code: '42601' })),
      new TypeError('x is undefined'),
      'a string',
      null,
    ];
    for (const err of own) expect(databaseUnavailable(err), String(err)).toBeNull();
  });
});
