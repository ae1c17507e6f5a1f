import { createRoute, createRouter, type RouterHistory, redirect } from '@tanstack/react-router';
import { setPasswordRoute } from '../features/auth/SetPasswordPage';
import { signInRoute } from '../features/auth/signInRoute';
import { createAudioRoute } from '../features/create-audio/routes';
import { HealthCheckPage } from '../features/health/HealthCheckPage';
import { interfacesRoute } from '../features/interfaces/routes';
import { jobRoutes } from '../features/job-editor/routes';
import { jobsListRoutes } from '../features/job-list/routes';
import { jobSearchRoute } from '../features/job-search/routes';
import { productivityRoute } from '../features/productivity/routes';
import { profileRoute } from '../features/profile/routes';
import { referenceDataRoute } from '../features/reference-data/routes';
import { signingRoutes } from '../features/signing/routes';
import { tatReportRoute } from '../features/tat-report/routes';
import { patientUploadRoute, scheduleUploadRoute } from '../features/upload/routes';
import { usersRoutes } from '../features/users/routes';
import { ErrorPage } from './errors/ErrorPage';
import { type RouterContext, rootRoute } from './rootRoute';
import { ERROR_PAGE_FLAGS } from './routeFlags';
import { authedRoute } from './session/authedRoute';

/** home: the bare root goes to the job list. */
const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  staticData: { requireUser: false },
  beforeLoad: () => {
    // `href`, not `to`: /jobs joins the typed route table with the job list issue.
    throw redirect({ href: '/jobs', replace: true });
  },
});

const healthCheckRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/healthcheck',
  staticData: { requireUser: false, showFooter: true },
  component: HealthCheckPage,
});

const errorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/error/$code',
  staticData: ERROR_PAGE_FLAGS,
  component: function ErrorRoutePage() {
    const { code } = errorRoute.useParams();
    return <ErrorPage code={code} />;
  },
});

const existingSessionRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/existingsession',
  staticData: ERROR_PAGE_FLAGS,
  component: () => <ErrorPage code="existingsession" />,
});

export const routeTree = rootRoute.addChildren([
  // Routes that need a signed-in user with a chosen account hang under the authenticated layout.
  // The job list (features/job-list/routes.tsx) is added on the next line.
  authedRoute.addChildren([
    ...jobsListRoutes,
    createAudioRoute,
    scheduleUploadRoute,
    patientUploadRoute,
    jobSearchRoute,
    profileRoute,
    productivityRoute,
    tatReportRoute,
    interfacesRoute,
    ...usersRoutes,
    referenceDataRoute,
    ...jobRoutes,
    ...signingRoutes,
  ]),
  homeRoute,
  signInRoute,
  setPasswordRoute,
  healthCheckRoute,
  errorRoute,
  existingSessionRoute,
]);

export type { RouterContext };

/** Builds the router; tests pass a memory history (and may pass a route tree of their own). */
export function createAppRouter(context: RouterContext, history?: RouterHistory, tree = routeTree) {
  return createRouter({
    routeTree: tree,
    context,
    history,
    notFoundMode: 'root',
    // Spec 01 §2: paths are matched as the spec writes them, in any letter case.
    caseSensitive: false,
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
