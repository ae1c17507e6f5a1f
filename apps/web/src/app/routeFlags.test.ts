import { describe, expect, it } from 'vitest';
import { DEFAULT_ROUTE_FLAGS, resolveRouteFlags } from './routeFlags';

describe('resolveRouteFlags', () => {
  it('defaults to a signed-in page with nav and heartbeat, no footer', () => {
    expect(resolveRouteFlags([{}])).toEqual(DEFAULT_ROUTE_FLAGS);
  });

  it('lets a child override what a parent layout route sets', () => {
    const flags = resolveRouteFlags([
      { staticData: {} },
      { staticData: { hideNav: true, requireUser: true } },
      { staticData: { requireUser: false, showFooter: true } },
    ]);
    expect(flags).toMatchObject({ hideNav: true, requireUser: false, showFooter: true });
  });

  it('an unmatched path (404) needs no user', () => {
    expect(resolveRouteFlags([{ staticData: {}, globalNotFound: true }]).requireUser).toBe(false);
  });
});
