import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authedRoute } from '../../app/session/authedRoute';

/**
 * /audio/create: Create with Audio, under the authenticated layout and loaded on demand. The
 * legacy path /job/createwithaudio (the navigation's item) is redirected here by the server.
 */
export const createAudioRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: 'audio/create',
  component: lazyRouteComponent(() => import('./CreateAudioPage'), 'CreateAudioPage'),
});
