import { REFERENCE } from '@quill/core/contract/endpoints/referenceData';
import type { ReferenceFacilities, ReferenceFacility } from '@quill/core/contract/referenceData';
import { callApi } from '../../lib/api';

/** What every section of the page is given: the facility chosen and whether the account may change it. */
export interface SectionProps {
  facility: ReferenceFacility;
  canEdit: boolean;
}

export const loadReferenceFacilities = (signal?: AbortSignal): Promise<ReferenceFacilities> =>
  callApi(REFERENCE.facilities, {}, { signal });
