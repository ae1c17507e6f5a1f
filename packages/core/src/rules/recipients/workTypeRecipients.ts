/** A recipient as far as the work type rules care. */
export interface WorkTypeRecipient {
  isAddressee: boolean;
  isPatient: boolean;
  removed: boolean;
}

/**
 * Spec 02 §4 "Work type change": without addressee support every addressee becomes a carbon copy;
 * when the patient may not be a recipient the patient is removed. Answers new objects.
 */
export function applyWorkTypeToRecipients<T extends WorkTypeRecipient>(
  recipients: readonly T[],
  workType: { enableAddressee: boolean; allowPatientAsRecipient: boolean },
): T[] {
  return recipients
    .filter((r) => workType.allowPatientAsRecipient || !r.isPatient)
    .map((r) => (workType.enableAddressee || !r.isAddressee ? { ...r } : { ...r, isAddressee: false }));
}
