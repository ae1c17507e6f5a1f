import type { FaxRecipient } from '@quill/core/contract/fax';
import { normaliseFaxNumber } from '@quill/core/rules/faxNumber';

/** A recipient in the Fax dialog's list: a contact of the job, a user found by search, or custom. */
export interface FaxEntry {
  key: string;
  source: 'contact' | 'user' | 'custom';
  recipient: FaxRecipient;
  /** Spec 01 §5: shown invalid and never selectable unless the number is digits (spaces allowed). */
  valid: boolean;
}

/** The entry of a recipient from the server (contact list or search). */
export function entryOf(recipient: FaxRecipient, source: 'contact' | 'user'): FaxEntry {
  const who = recipient.id === null ? recipient.name : String(recipient.id);
  return {
    key: `${source}:${who}:${recipient.faxNumber}`,
    source,
    recipient,
    valid: normaliseFaxNumber(recipient.faxNumber) !== null,
  };
}

/** The custom recipient's fields (spec 01 §3: title, firstName, lastName, faxNumber). */
export interface CustomRecipientFields {
  title: string;
  firstName: string;
  lastName: string;
  faxNumber: string;
}

/** Spec 01 §5: a custom recipient needs a first name, a last name and a fax number. */
export function customComplete(f: CustomRecipientFields): boolean {
  return f.firstName.trim() !== '' && f.lastName.trim() !== '' && f.faxNumber.trim() !== '';
}

/** The recipient built from the custom fields (recipientType Custom). */
export function customEntry(f: CustomRecipientFields, sequence: number): FaxEntry {
  const name = [f.title, f.firstName, f.lastName]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ');
  const recipient: FaxRecipient = {
    id: null,
    name,
    faxNumber: f.faxNumber.trim(),
    recipientType: 'Custom',
    faxFlag: true,
  };
  return {
    key: `custom:${sequence}`,
    source: 'custom',
    recipient,
    valid: normaliseFaxNumber(f.faxNumber) !== null,
  };
}

/** The recipients the Fax call sends: the selected valid entries, numbers without spaces. */
export function selectedRecipients(
  entries: readonly FaxEntry[],
  selected: ReadonlySet<string>,
): FaxRecipient[] {
  return entries
    .filter((e) => e.valid && selected.has(e.key))
    .map((e) => ({ ...e.recipient, faxNumber: normaliseFaxNumber(e.recipient.faxNumber) ?? '' }));
}
