import { createRoute, lazyRouteComponent, notFound } from '@tanstack/react-router';
import { authedRoute } from '../../app/session/authedRoute';

/** Spec 02 §4: the only supported tenant of the external edit mode (any letter case). */
export const SUPPORTED_TENANT = 'manager';

function requireJobId({ params }: { params: { id: string } }) {
  if (!/^[0-9]{1,15}$/.test(params.id) || Number(params.id) <= 0) throw notFound();
}

/** /job/{id}: the job view (spec 02 §2), loaded on demand with the editor. */
export const jobRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: 'job/$id',
  beforeLoad: requireJobId,
  component: lazyRouteComponent(() => import('./JobPage'), 'JobPage'),
});

/** /job/webedit/{id}/{tenant}: the external tenant edit (header 'Edit Job'); tenant manager only. */
export const tenantEditRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: 'job/webedit/$id/$tenant',
  staticData: { isTenant: true },
  beforeLoad: ({ params }) => {
    requireJobId({ params });
    if (params.tenant.toLowerCase() !== SUPPORTED_TENANT) throw notFound();
  },
  component: lazyRouteComponent(() => import('./JobPage'), 'TenantEditPage'),
});

/** The job view's routes, added under the authenticated layout. */
export const jobRoutes = [jobRoute, tenantEditRoute] as const;
