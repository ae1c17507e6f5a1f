import type { JobViewDetails, WorkType } from '@quill/core/contract/job';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { detailsKeys, fetchWorkTypes } from './detailsApi';

/**
 * The work type of the job as edited: the loaded one while unchanged, else the one chosen in the
 * Document Details card, read from the card's own query of the facility's work types (it fetches
 * them once the card is editable; this hook never asks itself).
 */
export function useEditedWorkType(
  details: Pick<JobViewDetails, 'clientFacility' | 'workType'> | undefined,
  workTypeId: number | null | undefined,
): WorkType | null {
  const facilityId = details?.clientFacility.id ?? 0;
  const workTypes = useQuery({
    queryKey: detailsKeys.workTypes(facilityId),
    queryFn: ({ signal }) => fetchWorkTypes(facilityId, signal),
    enabled: false,
  });
  return useMemo(() => {
    const loaded = details?.workType ?? null;
    const chosenId = workTypeId === undefined ? (loaded?.id ?? null) : workTypeId;
    if (chosenId === (loaded?.id ?? null)) return loaded;
    return workTypes.data?.find((w) => w.id === chosenId) ?? loaded;
  }, [details, workTypeId, workTypes.data]);
}
