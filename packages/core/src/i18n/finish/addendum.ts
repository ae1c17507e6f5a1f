/**
 * Addenda (issue 43): a correction of a Finished, distributed document — the job view's action and
 * dialog, the editor's banner and the server's answers. Spread into enUS as `addendum.*`.
 */
export const ADDENDUM_MESSAGES = {
  action: 'Add addendum',
  title: 'Add an addendum to job {{jobId}}',
  lead: 'The signed document is kept. Your addendum is added above its text, signed by the author and distributed again to the same recipients.',
  reason: 'Reason for the addendum',
  reasonRequired: 'Say why the document needs an addendum',
  remaining: '{{count}} characters left',
  submit: 'Open the editor',
  cancel: 'Cancel',
  failed: 'The job could not be opened for an addendum.',
  banner: 'Addendum to the version signed on {{signedAt}}: {{reason}}',
  bannerUnsigned: 'Addendum to version {{version}}: {{reason}}',
  notFinished:
    'Job {{jobId}} is not Finished: an addendum amends a distributed document. Edit the job instead.',
  stale: 'Job {{jobId}} was changed since you opened it. Open it again before adding an addendum.',
  noDocument: 'Job {{jobId}} has no document to amend.',
  resignReason: 'Addendum: {{reason}}',
} as const;
