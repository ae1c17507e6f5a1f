import type { Physician, Recipient, RecipientInput } from '@quill/core/contract/job';
import type { RecipientFacts } from '@quill/core/rules/recipients/recipients';
import { physicianOf } from './physicianDetails';

/**
 * The Recipients card's list (spec 02 §4 "Recipients"), pure: the job data's recipients
 * (`RecipientInput[]`: existing rows by id, new directory physicians by physicianId, the patient,
 * custom ones with their details) read with what the card knows to show them, and the edits.
 */

/** One recipient as the card shows it. */
export interface RecipientView {
  /** Its place in the job data's recipients. */
  index: number;
  input: RecipientInput;
  /** What the name, kind and popover show (empty for the patient). */
  physician: Physician;
  facts: RecipientFacts;
}

const EMPTY = physicianOf({});

/** The directory facts of a physician (user id, recipient provider, secure messaging). */
function directoryFacts(p: Physician) {
  return {
    userId: p.userId,
    userIdSpecified: p.userIdSpecified,
    recipientProviderId: p.recipientProviderId,
    recipientProviderIdSpecified: p.recipientProviderIdSpecified,
    secureMessagingEnabled: p.secureMessagingEnabled,
  };
}

/** The physician of a recipient of the job data, and whether the job added it automatically. */
function shownOf(
  input: RecipientInput,
  loaded: ReadonlyMap<number, Recipient>,
  known: ReadonlyMap<number, Physician>,
): { physician: Physician; auto: boolean } {
  const row = input.id === undefined ? undefined : loaded.get(input.id);
  if (row) return { physician: row, auto: row.auto };
  if (input.isPatient) return { physician: EMPTY, auto: false };
  if (input.physicianId) {
    const found = known.get(input.physicianId);
    return { physician: found ?? physicianOf({}, input.physicianId), auto: false };
  }
  return { physician: physicianOf(input.custom ?? {}), auto: false };
}

/**
 * The recipients as shown: each input with its physician — a loaded row's own data, a directory
 * physician the card added (from `known`, by user id), the patient, or the typed custom details.
 */
export function recipientViews(
  inputs: readonly RecipientInput[],
  loaded: readonly Recipient[],
  known: ReadonlyMap<number, Physician>,
): RecipientView[] {
  const rows = new Map(loaded.map((r) => [r.id, r]));
  return inputs.map((input, index) => {
    const { physician, auto } = shownOf(input, rows, known);
    return {
      index,
      input,
      physician,
      facts: {
        ...directoryFacts(physician),
        isAddressee: input.isAddressee,
        isPatient: input.isPatient,
        removed: input.removed,
        auto,
      },
    };
  });
}

/** A directory physician as a new recipient. */
export const physicianInput = (physician: Physician, isAddressee: boolean): RecipientInput => ({
  physicianId: physician.userId,
  isAddressee,
  isPatient: false,
  removed: false,
});

/** The patient as a new recipient. */
export const patientInput = (isAddressee: boolean): RecipientInput => ({
  physicianId: null,
  isAddressee,
  isPatient: true,
  removed: false,
});

/** The facts of a candidate recipient (for 'Recipient already added'). */
export function candidateFacts(input: RecipientInput, physician: Physician | null): RecipientFacts {
  return {
    ...(physician ? directoryFacts(physician) : {}),
    isAddressee: input.isAddressee,
    isPatient: input.isPatient,
    removed: false,
  };
}

/** Spec 02 §4 "Move swaps addressee and carbon copy". */
export function movedRecipient(inputs: readonly RecipientInput[], index: number): RecipientInput[] {
  return inputs.map((r, i) => (i === index ? { ...r, isAddressee: !r.isAddressee } : r));
}

/** Spec 02 §4: Remove flags an automatic entry removed and splices any other out. */
export function removedRecipient(
  inputs: readonly RecipientInput[],
  views: readonly RecipientView[],
  index: number,
): RecipientInput[] {
  if (views[index]?.facts.auto) return inputs.map((r, i) => (i === index ? { ...r, removed: true } : r));
  return inputs.filter((_, i) => i !== index);
}

/** A removed automatic entry back on the job. */
export function restoredRecipient(inputs: readonly RecipientInput[], index: number): RecipientInput[] {
  return inputs.map((r, i) => (i === index ? { ...r, removed: false } : r));
}
