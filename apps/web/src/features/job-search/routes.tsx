import { JOB_SEARCH_PATH } from '@quill/core/rules/settings/navigation';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authedRoute } from '../../app/session/authedRoute';

/**
 * /search: Job Search in Quill (the top navigation's Job Search when no legacy host is
 * configured), under the authenticated layout and loaded on demand.
 */
export const jobSearchRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: JOB_SEARCH_PATH.replace(/^\//, '') as 'search',
  staticData: { requireUser: true },
  component: lazyRouteComponent(() => import('./JobSearchPage'), 'JobSearchPage'),
});
