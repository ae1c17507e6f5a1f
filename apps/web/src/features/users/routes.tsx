import { USER_ADD_PATH, USERS_PATH } from '@quill/core/rules/settings/navigation';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authedRoute } from '../../app/session/authedRoute';

/** Users ▸ Search users (dictatorView) and Add user (dictatorAdd) in Quill, and a user's page (issue 26). */
export const usersRoutes = [
  createRoute({
    getParentRoute: () => authedRoute,
    path: USERS_PATH.replace(/^\//, '') as 'users',
    staticData: { requireUser: true },
    component: lazyRouteComponent(() => import('./UserSearchPage'), 'UserSearchPage'),
  }),
  createRoute({
    getParentRoute: () => authedRoute,
    path: USER_ADD_PATH.replace(/^\//, '') as 'users/new',
    staticData: { requireUser: true },
    component: lazyRouteComponent(() => import('./UserEditPage'), 'UserAddPage'),
  }),
  createRoute({
    getParentRoute: () => authedRoute,
    path: 'users/$userId',
    staticData: { requireUser: true },
    component: lazyRouteComponent(() => import('./UserEditPage'), 'UserEditRoutePage'),
  }),
];
