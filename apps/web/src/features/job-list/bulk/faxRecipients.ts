import { type FaxRecipient, RECIPIENT_KIND } from '@quill/core/contract/fax';
import { normaliseFaxNumber } from '@quill/core/rules/recipients/faxNumber';

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

/** The recipients the Fax call sends, numbers without spaces (the dialog's own physicianId left out). */
export function recipientsToSend(entries: readonly FaxEntry[]): FaxRecipient[] {
  return entries.map(({ recipient: { physicianId: _, ...r } }) => ({
    ...r,
    faxNumber: normaliseFaxNumber(r.faxNumber) ?? '',
  }));
}

/**
 * The dialog's choices: which job goes to which recipient, as `jobId|key` pairs (issue 39: each job
 * goes only to the recipients chosen in its own list). Sent together, a recipient chosen for any
 * job receives every job.
 */
export type FaxPicks = ReadonlySet<string>;

const pairOf = (jobId: number, key: string) => `${jobId}|${key}`;

/** Whether the recipient is chosen for the job (`null`: for any job). */
export function isPicked(picks: FaxPicks, jobId: number | null, key: string): boolean {
  if (jobId !== null) return picks.has(pairOf(jobId, key));
  for (const pair of picks) if (pair.slice(pair.indexOf('|') + 1) === key) return true;
  return false;
}

/** The choices with the recipient chosen (or not) for these jobs. */
export function setPicked(picks: FaxPicks, jobIds: readonly number[], key: string, on: boolean): FaxPicks {
  const next = new Set(picks);
  for (const jobId of jobIds) {
    if (on) next.add(pairOf(jobId, key));
    else next.delete(pairOf(jobId, key));
  }
  return next;
}

/**
 * The jobs a recipient receives, in the jobs' order: sent together, all of them once it is chosen;
 * per job, those chosen where its checkbox shows — a job's own list for a contact, every job for a
 * search answer or a custom recipient — so a choice made while sending together never sends a job
 * from a list the recipient is not shown in.
 */
export function jobsOfEntry(
  entry: FaxEntry,
  jobIds: readonly number[],
  picks: FaxPicks,
  together: boolean,
): number[] {
  if (!entry.valid) return [];
  if (together) return isPicked(picks, null, entry.key) ? [...jobIds] : [];
  return jobIds.filter(
    (jobId) =>
      isPicked(picks, jobId, entry.key) && (entry.source !== 'contact' || entry.contactOf.includes(jobId)),
  );
}
