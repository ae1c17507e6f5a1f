import { createRoute, lazyRouteComponent, notFound } from '@tanstack/react-router';
import { authedRoute } from '../../app/session/authedRoute';

/** /to-sign: the jobs waiting for the signed-in dictator's signature (issue 43). */
const toSignRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: 'to-sign',
  component: lazyRouteComponent(() => import('./ToSignPage'), 'ToSignPage'),
});

/** /to-sign/{id}: one job of the queue, read-only with its audio, with Sign and Return for correction. */
const signJobRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: 'to-sign/$id',
  beforeLoad: ({ params }) => {
    if (!/^[0-9]{1,15}$/.test(params.id) || Number(params.id) <= 0) throw notFound();
  },
  component: lazyRouteComponent(() => import('./SignJobPage'), 'SignJobPage'),
});

/** The signing area's routes, added under the authenticated layout. */
export const signingRoutes = [toSignRoute, signJobRoute] as const;
