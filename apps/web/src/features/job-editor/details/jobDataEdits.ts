import type {
  JobViewDetails,
  Recipient,
  RecipientInput,
  SetJobDataRequest,
  WorkType,
} from '@quill/core/contract/job';
import { applyWorkTypeToRecipients } from '@quill/core/rules/recipients/workTypeRecipients';

/** The job's loaded recipients as the job data posts them (existing rows by id, in order). */
export function recipientInputsOf(recipients: readonly Recipient[]): RecipientInput[] {
  return recipients.map((r) => ({
    id: r.id,
    physicianId: r.userIdSpecified && r.userId > 0 ? r.userId : null,
    isAddressee: r.isAddressee,
    isPatient: r.isPatient,
    removed: r.removed,
  }));
}

/**
 * Spec 02 §4 "Work type change": the job data with the new work type and, when the type changes
 * them, the recipients it allows (addressees become carbon copies without addressee support; the
 * patient is removed when the type disallows it).
 */
export function withWorkType(
  value: SetJobDataRequest,
  details: Pick<JobViewDetails, 'recipients'>,
  workType: Pick<WorkType, 'id' | 'enableAddressee' | 'allowPatientAsRecipient'>,
): SetJobDataRequest {
  if (workType.enableAddressee && workType.allowPatientAsRecipient)
    return { ...value, workTypeId: workType.id };
  const recipients = value.recipients ?? recipientInputsOf(details.recipients);
  return { ...value, workTypeId: workType.id, recipients: applyWorkTypeToRecipients(recipients, workType) };
}

/** The job-data fields the Document Details card edits. */
export const DETAIL_FIELDS = [
  'dictator',
  'dictatedFor',
  'stat',
  'workTypeId',
  'department',
  'location',
  'skipPrint',
  'skipExport',
  'forceResign',
  'recipients',
] as const;

/** The card's edits: its fields of the job data, the rest left to the job view. */
export type DetailEdits = Partial<Pick<SetJobDataRequest, (typeof DETAIL_FIELDS)[number]>>;

/** The card's fields of an edited job data (recipients only when the card set them). */
export function detailEditsOf(value: SetJobDataRequest): DetailEdits {
  const edits: Record<string, unknown> = {};
  for (const key of DETAIL_FIELDS) if (value[key] !== undefined) edits[key] = value[key];
  return edits as DetailEdits;
}

/** The job data a save sends: the view's data with the card's edits over it. */
export function withDetailEdits(base: SetJobDataRequest, edits: DetailEdits): SetJobDataRequest {
  return { ...base, ...edits };
}
