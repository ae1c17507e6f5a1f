import { useMatches } from '@tanstack/react-router';

/**
 * Spec 01 §2 route flags, declared per route as TanStack Router `staticData`. A child inherits what
 * a parent (e.g. a pathless layout route) sets and may override it.
 */
declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The route needs a signed-in user with a selected account (it hangs under the authenticated layout). */
    requireUser?: boolean;
    /** No top navigation bar. */
    hideNav?: boolean;
    /** The prototype-version / copyright footer is shown. */
    showFooter?: boolean;
    /** No session-timeout heartbeat while this route is open. */
    disableHeartbeat?: boolean;
    /** The external tenant edit mode (spec 02 §2): a simple Edit Job header instead of the nav. */
    isTenant?: boolean;
  }
}

export interface RouteFlags {
  requireUser: boolean;
  hideNav: boolean;
  showFooter: boolean;
  disableHeartbeat: boolean;
  isTenant: boolean;
}

/** Spec 01 §2: every route needs a user unless it says otherwise (health check and error pages). */
export const DEFAULT_ROUTE_FLAGS: RouteFlags = {
  requireUser: true,
  hideNav: false,
  showFooter: false,
  disableHeartbeat: false,
  isTenant: false,
};

/** The flags of the error pages, also used when no route matched (404). */
export const ERROR_PAGE_FLAGS = {
  requireUser: false,
  hideNav: true,
  disableHeartbeat: true,
} satisfies Partial<RouteFlags>;

const FLAG_NAMES = Object.keys(DEFAULT_ROUTE_FLAGS) as (keyof RouteFlags)[];

interface MatchLike {
  staticData?: Partial<RouteFlags>;
  globalNotFound?: boolean;
  status?: string;
}

/** Merges the flags of the matched routes, root first, over the defaults. */
export function resolveRouteFlags(matches: readonly MatchLike[]): RouteFlags {
  const flags = { ...DEFAULT_ROUTE_FLAGS };
  for (const match of matches) {
    for (const name of FLAG_NAMES) {
      const value = match.staticData?.[name];
      if (value !== undefined) flags[name] = value;
    }
  }
  if (matches.some((m) => m.globalNotFound || m.status === 'notFound'))
    Object.assign(flags, ERROR_PAGE_FLAGS);
  return flags;
}

/** The flags of the route being shown. */
export function useRouteFlags(): RouteFlags {
  return resolveRouteFlags(useMatches());
}
