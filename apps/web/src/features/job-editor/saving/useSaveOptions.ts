import type { JobViewDetails, SetJobDataRequest } from '@quill/core/contract/job';
import { saveOptionsFor } from '@quill/core/rules/jobEditor/saveOptions';
import { addresseeCount } from '@quill/core/rules/recipients/recipients';
import { useMemo } from 'react';
import { useEditedWorkType } from '../details/useEditedWorkType';

/**
 * Spec 02 §5: the save options of the job as it is being edited — the work type chosen in the
 * Document Details card and the addressees as edited in the Recipients card, not only those
 * loaded — so a change of work type (which can turn addressees into carbon copies) or an addressee
 * added or removed updates the limited-save-options rule at once.
 */
export function useSaveOptions(details: JobViewDetails | undefined, jobData: SetJobDataRequest | null) {
  const workType = useEditedWorkType(details, jobData?.workTypeId);
  return useMemo(() => {
    const recipients = jobData?.recipients ?? details?.recipients ?? [];
    return saveOptionsFor({
      componentType: details?.componentType,
      addresseeCount: addresseeCount(recipients),
      workType,
    });
  }, [details, jobData, workType]);
}
