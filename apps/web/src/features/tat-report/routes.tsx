import { TAT_REPORT_PATH } from '@quill/core/rules/settings/navigation';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authedRoute } from '../../app/session/authedRoute';

/** /reports/turnaround: the turnaround report (User ▸ Turnaround report; issue 27). */
export const tatReportRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: TAT_REPORT_PATH.replace(/^\//, '') as 'reports/turnaround',
  staticData: { requireUser: true },
  component: lazyRouteComponent(() => import('./TatReportPage'), 'TatReportPage'),
});
