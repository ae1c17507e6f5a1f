import { type FaxRecipient, RECIPIENT_KIND } from '@quill/core/contract/fax';
import { normaliseFaxNumber } from '@quill/core/rules/faxNumber';

/** A recipient in the Fax dialog's list: a contact of the jobs, a user found by search, or custom. */
export interface FaxEntry {
  key: string;
  source: 'contact' | 'user' | 'custom';
  recipient: FaxRecipient;
  /** Spec 01 §5: shown invalid and never selectable unless the number is digits (spaces allowed). */
  valid: boolean;
  /** The selected jobs whose own contact this recipient is (none for search answers and custom). */
  contactOf: readonly number[];
}

/**
 * One person at one number: a physician is the same recipient in every job's contact list and in
 * the search (as the server decides who is a job's contact: docs/decisions.md "Faxing").
 */
function keyOf(recipient: FaxRecipient, source: FaxEntry['source']): string {
  const number = normaliseFaxNumber(recipient.faxNumber) ?? recipient.faxNumber;
  if (recipient.physicianId != null) return `physician:${recipient.physicianId}:${number}`;
  return `${source}:${recipient.id === null ? recipient.name : String(recipient.id)}:${number}`;
}

/** The entry of a recipient from the server (contact list or search). */
export function entryOf(
  recipient: FaxRecipient,
  source: 'contact' | 'user',
  contactOf: readonly number[] = [],
): FaxEntry {
  return {
    key: keyOf(recipient, source),
    source,
    recipient,
    valid: normaliseFaxNumber(recipient.faxNumber) !== null,
    contactOf,
  };
}

/** Each selected job's contacts, as the dialog groups them. */
export interface ContactGroup {
  jobId: number;
  keys: readonly string[];
}

/**
 * The contact lists of the selected jobs merged: one entry per recipient (the first job's row of it
 * is what the Fax call sends), knowing every job it is a contact of, and each job's list of keys.
 */
export function mergeContacts(lists: readonly { jobId: number; contacts: readonly FaxRecipient[] }[]): {
  entries: FaxEntry[];
  groups: ContactGroup[];
} {
  const byKey = new Map<string, FaxEntry>();
  const groups = lists.map(({ jobId, contacts }) => {
    const keys: string[] = [];
    for (const contact of contacts) {
      const fresh = entryOf(contact, 'contact', [jobId]);
      const known = byKey.get(fresh.key);
      if (!known) byKey.set(fresh.key, fresh);
      else if (!known.contactOf.includes(jobId))
        byKey.set(fresh.key, { ...known, contactOf: [...known.contactOf, jobId] });
      if (!keys.includes(fresh.key)) keys.push(fresh.key);
    }
    return { jobId, keys };
  });
  return { entries: [...byKey.values()], groups };
}

/** The selected jobs this recipient is not a contact of (every job for search answers and custom). */
export function outsideJobs(entry: FaxEntry, jobIds: readonly number[]): number[] {
  return jobIds.filter((jobId) => !entry.contactOf.includes(jobId));
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
    recipientType: RECIPIENT_KIND.Custom,
    faxFlag: true,
  };
  return {
    key: `custom:${sequence}`,
    source: 'custom',
    recipient,
    valid: normaliseFaxNumber(f.faxNumber) !== null,
    contactOf: [],
  };
}

/** The selected entries: only valid ones (spec 01 §5), whatever was chosen before. */
export function selectedEntries(entries: readonly FaxEntry[], selected: ReadonlySet<string>): FaxEntry[] {
  return entries.filter((e) => e.valid && selected.has(e.key));
}

/** The recipients the Fax call sends, numbers without spaces (the dialog's own physicianId left out). */
export function recipientsToSend(entries: readonly FaxEntry[]): FaxRecipient[] {
  return entries.map(({ recipient: { physicianId: _, ...r } }) => ({
    ...r,
    faxNumber: normaliseFaxNumber(r.faxNumber) ?? '',
  }));
}
