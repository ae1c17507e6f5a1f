import type { JobViewDetails, SetJobDataRequest } from '@quill/core/contract/job';
import { saveOptionsFor } from '@quill/core/rules/saveOptions';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { detailsKeys, fetchWorkTypes } from '../details/detailsApi';

/**
 * Spec 02 §5: the save options of the job as it is being edited — the work type and addressees
 * chosen in the Document Details card, not only those loaded — so a change of work type (which can
 * turn addressees into carbon copies) updates the limited-save-options rule at once. The facility's
 * work types come from the card's own query (it fetches them once the card is editable).
 */
export function useSaveOptions(details: JobViewDetails | undefined, jobData: SetJobDataRequest | null) {
  const facilityId = details?.clientFacility.id ?? 0;
  const workTypes = useQuery({
    queryKey: detailsKeys.workTypes(facilityId),
    queryFn: ({ signal }) => fetchWorkTypes(facilityId, signal),
    enabled: false,
  });
  return useMemo(() => {
    const chosenId = jobData?.workTypeId ?? details?.workType?.id ?? null;
    const workType =
      chosenId === (details?.workType?.id ?? null)
        ? (details?.workType ?? null)
        : (workTypes.data?.find((w) => w.id === chosenId) ?? details?.workType ?? null);
    const recipients = jobData?.recipients ?? details?.recipients ?? [];
    const addresseeCount = recipients.filter((r) => r.isAddressee && !r.removed).length;
    return saveOptionsFor({ componentType: details?.componentType, addresseeCount, workType });
  }, [details, jobData, workTypes.data]);
}
