import type { JobViewDetails, Physician, SetJobDataRequest } from '@quill/core/contract/job';
import {
  addresseeCount,
  addresseeCountMessage,
  addresseeHint,
  canAddAddressee,
  isRecipientAlreadyAdded,
} from '@quill/core/rules/recipients/recipients';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../app/toasts';
import { recipientInputsOf } from '../details/jobDataEdits';
import { useEditedWorkType } from '../details/useEditedWorkType';
import {
  candidateFacts,
  movedRecipient,
  patientInput,
  physicianInput,
  recipientViews,
  removedRecipient,
  restoredRecipient,
} from './recipientList';
import type { PhysicianChoice } from './usePhysicianModal';

export interface RecipientsOptions {
  details: JobViewDetails;
  /** The job data as edited; its `recipients` (absent: as loaded) is what the card edits. */
  value: SetJobDataRequest;
  onChange: (next: SetJobDataRequest) => void;
}

/**
 * The Recipients card's state and edits (spec 02 §4, §5): the recipients as edited in the job
 * data with what shows them (the directory physicians the card added are kept alongside, by user
 * id), the work type's addressee limits, and add, include the patient, move, remove and restore —
 * each refused with its message where the rules say so.
 */
export function useRecipients({ details, value, onChange }: RecipientsOptions) {
  const { t } = useTranslation();
  const [known, setKnown] = useState<ReadonlyMap<number, Physician>>(new Map());
  const workType = useEditedWorkType(details, value.workTypeId);
  const inputs = useMemo(
    () => value.recipients ?? recipientInputsOf(details.recipients),
    [value.recipients, details.recipients],
  );
  const views = useMemo(
    () => recipientViews(inputs, details.recipients, known),
    [inputs, details.recipients, known],
  );
  const facts = views.map((v) => v.facts);
  const count = addresseeCount(facts);
  const canAdd = canAddAddressee(count, workType);
  const set = (recipients: typeof inputs) => onChange({ ...value, recipients });

  const refuseAtMaximum = () => {
    showToast(t('recipients.atMaximum'), { kind: 'warning', id: 'recipients-at-maximum' });
    return false;
  };
  const refuseDuplicate = () => {
    showToast(t('recipients.alreadyAdded'), { kind: 'info', id: 'recipients-already-added' });
    return false;
  };

  return {
    views,
    hint: addresseeHint(workType),
    countMessage: addresseeCountMessage(count, workType),
    canAddAddressee: canAdd,
    patientAllowed: workType?.allowPatientAsRecipient ?? true,
    hasPatient: facts.some((f) => f.isPatient && !f.removed),
    /** Adds the modal's choice; answers whether it was taken (the modal stays open otherwise). */
    add(choice: PhysicianChoice, isAddressee: boolean): boolean {
      if (isAddressee && !canAdd) return refuseAtMaximum();
      if (choice.kind === 'custom') {
        set([...inputs, { isAddressee, isPatient: false, removed: false, custom: choice.details }]);
        return true;
      }
      const input = physicianInput(choice.physician, isAddressee);
      if (isRecipientAlreadyAdded(facts, candidateFacts(input, choice.physician))) return refuseDuplicate();
      setKnown((k) => new Map(k).set(choice.physician.userId, choice.physician));
      set([...inputs, input]);
      return true;
    },
    includePatient(isAddressee: boolean) {
      if (isAddressee && !canAdd) return refuseAtMaximum();
      const input = patientInput(isAddressee);
      if (isRecipientAlreadyAdded(facts, candidateFacts(input, null))) return refuseDuplicate();
      set([...inputs, input]);
      return true;
    },
    move(index: number) {
      if (!inputs[index]?.isAddressee && !canAdd) return refuseAtMaximum();
      set(movedRecipient(inputs, index));
      return true;
    },
    remove: (index: number) => set(removedRecipient(inputs, views, index)),
    restore(index: number) {
      const view = views[index];
      if (!view) return false;
      if (view.input.isAddressee && !canAdd) return refuseAtMaximum();
      if (isRecipientAlreadyAdded(facts, { ...view.facts, removed: false })) return refuseDuplicate();
      set(restoredRecipient(inputs, index));
      return true;
    },
  };
}

export type Recipients = ReturnType<typeof useRecipients>;
