import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../rootRoute';
import { AuthedLayout } from './AuthedLayout';

/**
 * The pathless layout every signed-in route hangs under (spec 01 §4 "Authentication and account"):
 * it checks the sign-in, has the account chosen, loads the user and application settings, and
 * provides them through SessionContext (see AuthedLayout).
 */
export const authedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'authed',
  staticData: { requireUser: true },
  component: AuthedLayout,
});
