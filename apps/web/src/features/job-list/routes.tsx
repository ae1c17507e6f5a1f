import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authedRoute } from '../../app/session/authedRoute';
import { jobListTypeBeforeLoad, jobsBeforeLoad, jobsCsBeforeLoad } from './routeGuards';

/*
 * Spec 01 §2 "Routes": jobs (the corporate-structure chooser), /jobs/{cs} and jobs-list. The pages
 * load on demand, so none of the list's code is in the app's initial JavaScript.
 */

/** /jobs: the corporate-structure chooser. */
const jobsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: 'jobs',
  beforeLoad: jobsBeforeLoad,
  component: lazyRouteComponent(
    () => import('./structures/CorporateStructurePage'),
    'CorporateStructurePage',
  ),
});

/** /jobs/{cs}: on to the stored queue, or pending. */
const jobsCsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: 'jobs/$cs',
  beforeLoad: jobsCsBeforeLoad,
});

/** /jobs/{cs}/{joblisttype}: the job list of a corporate structure and queue. */
const jobListRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: 'jobs/$cs/$joblisttype',
  beforeLoad: jobListTypeBeforeLoad,
  component: lazyRouteComponent(() => import('./JobsListPage'), 'JobsListPage'),
});

/** The job list's routes, added under the authenticated layout. */
export const jobsListRoutes = [jobsRoute, jobsCsRoute, jobListRoute] as const;
