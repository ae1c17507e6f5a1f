/**
 * Issue 39 row 4: which jobs go in which fax. A bulk fax sends each job only to that job's own
 * chosen recipients, one fax per recipient (fax number) holding only the jobs that recipient is
 * for; sending every selected job to every recipient in one fax is an explicit choice (`together`).
 * The server plans the faxes with this rule and the Fax dialog shows the same plan before sending.
 */

/** A recipient as the grouping sees it. */
export interface FaxGroupingRecipient {
  /** The number faxed to, normalised (one number gets one fax). */
  number: string;
  /** The jobs the sender chose for this recipient, when the request names them. */
  chosen?: readonly number[] | null;
  /** The jobs of the request whose own contact this recipient is. */
  contactOf: readonly number[];
}

/**
 * The jobs one recipient receives, in the request's order: every job when sent together; else the
 * jobs chosen for it; else (nothing chosen) the jobs it is a contact of — or the job itself when
 * only one is faxed (one job has nothing to group; whether it may go outside its contacts is a
 * separate confirmation).
 */
export function jobsForRecipient(
  jobIds: readonly number[],
  recipient: Pick<FaxGroupingRecipient, 'chosen' | 'contactOf'>,
  together: boolean,
): number[] {
  if (together) return [...jobIds];
  if (recipient.chosen) return jobIds.filter((id) => recipient.chosen!.includes(id));
  if (jobIds.length === 1) return [...jobIds];
  return jobIds.filter((id) => recipient.contactOf.includes(id));
}

/** One fax: the recipients at one number (the first is whom it is addressed to) and its jobs. */
export interface PlannedFax<R> {
  recipients: R[];
  jobIds: number[];
}

/**
 * The faxes of a request: one per fax number, in the order the numbers first appear, carrying the
 * union of the jobs its recipients receive (in the request's order). Recipients who would receive
 * no job are answered apart (`forNoJob`): the caller refuses such a request rather than guess.
 */
export function groupFaxes<R extends FaxGroupingRecipient>(
  jobIds: readonly number[],
  recipients: readonly R[],
  together: boolean,
): { faxes: PlannedFax<R>[]; forNoJob: R[] } {
  const byNumber = new Map<string, { recipients: R[]; jobs: Set<number> }>();
  const forNoJob: R[] = [];
  for (const r of recipients) {
    const jobs = jobsForRecipient(jobIds, r, together);
    if (jobs.length === 0) {
      forNoJob.push(r);
      continue;
    }
    const fax = byNumber.get(r.number) ?? { recipients: [], jobs: new Set<number>() };
    fax.recipients.push(r);
    for (const id of jobs) fax.jobs.add(id);
    byNumber.set(r.number, fax);
  }
  const faxes = [...byNumber.values()].map((f) => ({
    recipients: f.recipients,
    jobIds: jobIds.filter((id) => f.jobs.has(id)),
  }));
  return { faxes, forNoJob };
}

/** The jobs of the request no planned fax carries (the dialog says they will not be faxed). */
export function jobsNotFaxed(jobIds: readonly number[], faxes: readonly { jobIds: readonly number[] }[]) {
  return jobIds.filter((id) => !faxes.some((f) => f.jobIds.includes(id)));
}
