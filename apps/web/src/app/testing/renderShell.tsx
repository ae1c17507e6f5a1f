import { createMemoryHistory, createRootRouteWithContext, createRoute } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { SignInRoutePage } from '../../features/auth/signInRoute';
import { App, createQueryClient } from '../App';
import { ErrorPage } from '../errors/ErrorPage';
import { RootLayout } from '../RootLayout';
import type { RouterContext } from '../rootRoute';
import type { routeTree } from '../router';
import { AuthedLayout } from '../session/AuthedLayout';
import { useSession } from '../session/SessionContext';

/** A signed-in page for the tests: says which account it got from the session. */
function ProbePage() {
  const { account, userSettings } = useSession();
  return (
    <p data-testid="probe">
      probe as {account.memberId} with {userSettings.permissions.length} permissions
    </p>
  );
}

/**
 * The shell's route tree with test pages instead of the app's: the authenticated layout with
 * /probe (nav and heartbeat), /probe/plain (hideNav, disableHeartbeat), /probe/tenant (isTenant), /signin and
 * /existingsession. Built fresh per call, so the app's own route objects stay untouched.
 */
function shellTree() {
  const root = createRootRouteWithContext<RouterContext>()({
    component: RootLayout,
    notFoundComponent: () => <ErrorPage code="404" />,
  });
  const authed = createRoute({ getParentRoute: () => root, id: 'authed', component: AuthedLayout });
  const probe = createRoute({ getParentRoute: () => authed, path: '/probe', component: ProbePage });
  const plain = createRoute({
    getParentRoute: () => authed,
    path: '/probe/plain',
    staticData: { hideNav: true, disableHeartbeat: true },
    component: ProbePage,
  });
  const tenant = createRoute({
    getParentRoute: () => authed,
    path: '/probe/tenant',
    staticData: { isTenant: true },
    component: ProbePage,
  });
  const signIn = createRoute({
    getParentRoute: () => root,
    path: '/signin',
    staticData: { requireUser: false, hideNav: true, disableHeartbeat: true },
    component: SignInRoutePage,
  });
  const existing = createRoute({
    getParentRoute: () => root,
    path: '/existingsession',
    component: () => <ErrorPage code="existingsession" />,
  });
  return root.addChildren([authed.addChildren([probe, plain, tenant]), signIn, existing]);
}

/** Renders the app's providers and shell at `path` with the test route tree, in memory. */
export function renderShell(path: string) {
  const history = createMemoryHistory({ initialEntries: [path] });
  const queryClient = createQueryClient();
  const tree = shellTree() as unknown as typeof routeTree;
  const view = render(<App history={history} queryClient={queryClient} routeTree={tree} />);
  return { ...view, history, queryClient };
}
