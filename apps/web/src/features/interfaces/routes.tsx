import { INTERFACES_PATH } from '@quill/core/rules/settings/navigation';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authedRoute } from '../../app/session/authedRoute';

/** /interfaces: the HL7 message log (User ▸ Interfaces, adtUpload; issue 44). */
export const interfacesRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: INTERFACES_PATH.replace(/^\//, '') as 'interfaces',
  staticData: { requireUser: true },
  component: lazyRouteComponent(() => import('./InterfacesPage'), 'InterfacesPage'),
});
