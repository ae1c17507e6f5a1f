import type { ReferenceSection } from '@quill/core/rules/referenceData/referenceData';
import { type ComponentType, lazy } from 'react';
import type { SectionProps } from './referenceApi';

/** The component of each section of the Reference data page (loaded when its tab is first opened). */
export const SECTION_COMPONENTS: Record<ReferenceSection, ComponentType<SectionProps>> = {
  workTypes: lazy(() =>
    import('./facility-lists/WorkTypesSection').then((m) => ({ default: m.WorkTypesSection })),
  ),
  departments: lazy(() =>
    import('./facility-lists/DepartmentsSection').then((m) => ({ default: m.DepartmentsSection })),
  ),
  locations: lazy(() =>
    import('./facility-lists/LocationsSection').then((m) => ({ default: m.LocationsSection })),
  ),
  physicians: lazy(() =>
    import('./physicians/PhysiciansSection').then((m) => ({ default: m.PhysiciansSection })),
  ),
  holdQueueRules: lazy(() =>
    import('./adt-setup/HoldQueueRulesSection').then((m) => ({ default: m.HoldQueueRulesSection })),
  ),
  adtDefinitions: lazy(() =>
    import('./adt-setup/AdtDefinitionsSection').then((m) => ({ default: m.AdtDefinitionsSection })),
  ),
  adtSearches: lazy(() =>
    import('./adt-setup/AdtSearchesSection').then((m) => ({ default: m.AdtSearchesSection })),
  ),
};
