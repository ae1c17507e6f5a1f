import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, type ErrorComponentProps } from '@tanstack/react-router';
import { ErrorPage } from './errors/ErrorPage';
import { RootLayout } from './RootLayout';

/** What every route's loaders and guards can reach. */
export interface RouterContext {
  queryClient: QueryClient;
}

function NotFoundPage() {
  return <ErrorPage code="404" />;
}

function CrashPage(_: ErrorComponentProps) {
  return <ErrorPage code="500" />;
}

/*
 * The route table (spec 01 §2, spec 02 §2) is in router.tsx. Each route names its flags in
 * `staticData` (see routeFlags.ts). Routes that need a signed-in user (requireUser) hang under the
 * pathless authenticated layout (session/authedRoute.tsx), which runs the sign-in flow before
 * rendering them; routes directly under the root (sign-in, health check, error pages) need none.
 */
export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: CrashPage,
});
