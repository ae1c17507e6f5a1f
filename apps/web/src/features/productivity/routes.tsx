import { PRODUCTIVITY_PATH } from '@quill/core/rules/settings/navigation';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authedRoute } from '../../app/session/authedRoute';

/** /productivity: My productivity (My Account ▸ My productivity; issue 27). */
export const productivityRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: PRODUCTIVITY_PATH.replace(/^\//, '') as 'productivity',
  staticData: { requireUser: true },
  component: lazyRouteComponent(() => import('./ProductivityPage'), 'ProductivityPage'),
});
