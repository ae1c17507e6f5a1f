import { createRoute, useSearch } from '@tanstack/react-router';
import { rootRoute } from '../../app/rootRoute';
import { SignInPage } from './SignInPage';

/** The sign-in page with the `returnUrl` of the address (any route tree: tests build their own). */
export function SignInRoutePage() {
  const { returnUrl } = useSearch({ strict: false }) as { returnUrl?: unknown };
  return <SignInPage returnUrl={typeof returnUrl === 'string' ? returnUrl : undefined} />;
}

/** /signin, the local sign-in page: no user required, no navigation, no heartbeat, with the footer. */
export const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signin',
  staticData: { requireUser: false, hideNav: true, disableHeartbeat: true, showFooter: true },
  validateSearch: (search: Record<string, unknown>): { returnUrl?: string } =>
    typeof search.returnUrl === 'string' ? { returnUrl: search.returnUrl } : {},
  component: SignInRoutePage,
});
