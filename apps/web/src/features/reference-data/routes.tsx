import { isReferenceSection, type ReferenceSection } from '@quill/core/rules/referenceData/referenceData';
import { REFERENCE_DATA_PATH } from '@quill/core/rules/settings/navigation';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authedRoute } from '../../app/session/authedRoute';

/** Which facility and section the page shows (both kept in the address, so a reload or a link keeps them). */
export interface ReferenceSearch {
  cf?: number;
  section?: ReferenceSection;
}

/** /reference: a facility's reference data (User ▸ Reference data without a legacy host; issue 26). */
export const referenceDataRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: REFERENCE_DATA_PATH.replace(/^\//, '') as 'reference',
  staticData: { requireUser: true },
  validateSearch: (search: Record<string, unknown>): ReferenceSearch => {
    const cf = Number(search.cf);
    return {
      ...(Number.isSafeInteger(cf) && cf > 0 ? { cf } : {}),
      ...(isReferenceSection(search.section) ? { section: search.section } : {}),
    };
  },
  component: lazyRouteComponent(() => import('./ReferenceDataPage'), 'ReferenceDataPage'),
});
