import { PROFILE_PATH } from '@quill/core/rules/settings/navigation';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authedRoute } from '../../app/session/authedRoute';

/** /profile: My Profile in Quill (My Account ▸ My Profile when no legacy host is configured). */
export const profileRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: PROFILE_PATH.replace(/^\//, '') as 'profile',
  staticData: { requireUser: true },
  component: lazyRouteComponent(() => import('./ProfilePage'), 'ProfilePage'),
});
