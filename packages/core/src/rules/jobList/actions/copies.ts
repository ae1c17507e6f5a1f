import { COPY_TYPES, type CopyType } from '../../../contract/documents/documents.js';

/** A recipient of a job as the copy rule sees it. */
export interface CopyRecipient {
  name: string;
  /** fax, print (manual distribution) or electronic */
  distributionMethod: string;
  removed: boolean;
}

/** One printed copy of a job: for a recipient, or the single (file) copy when `recipient` is null. */
export interface JobCopy {
  recipient: string | null;
}

/**
 * Spec 01 §5 copy types: 0 one copy; 1 one copy plus one per recipient; 2 one per recipient (at
 * least one copy: a job without recipients still prints once); 3 smart copies, one per recipient
 * configured for manual distribution, and only for jobs on the manual distribution list (pending).
 * Removed recipients never get a copy. An empty answer means the job produces nothing.
 */
export function copiesFor(
  copyType: CopyType,
  recipients: readonly CopyRecipient[],
  onManualDistributionList: boolean,
): JobCopy[] {
  const live = recipients.filter((r) => !r.removed);
  const perRecipient = live.map((r) => ({ recipient: r.name }));
  switch (copyType) {
    case COPY_TYPES.single:
      return [{ recipient: null }];
    case COPY_TYPES.singleAndRecipients:
      return [{ recipient: null }, ...perRecipient];
    case COPY_TYPES.recipientsOnly:
      return perRecipient.length > 0 ? perRecipient : [{ recipient: null }];
    case COPY_TYPES.smart:
      return onManualDistributionList
        ? live.filter((r) => r.distributionMethod === 'print').map((r) => ({ recipient: r.name }))
        : [];
  }
}

/** Duplex printing: blank pages to add after a copy of `pages` pages so the next starts on a front side. */
export function duplexPadding(pages: number, duplex: boolean): number {
  return duplex && pages % 2 === 1 ? 1 : 0;
}
