import { z } from 'zod';
import { message } from '../i18n/format.js';
import { LIMITS } from '../rules/settings/constants.js';
import { plainText } from './documents/text.js';
import { bodyId, queryId } from './ids.js';

/**
 * Who a fax recipient is, as `recipientType` carries it (spec 01 §3 "Fax recipient": Custom for one
 * added by hand; Physician for a search answer). Code decides by these values, never by a
 * translated label: the dialog shows the label {@link recipientKindLabelKey} names.
 */
export const RecipientKindSchema = z.enum(['Addressee', 'CC', 'Patient', 'Custom', 'Physician']);
export type RecipientKind = z.infer<typeof RecipientKindSchema>;
/** The recipient kinds by name (`RECIPIENT_KIND.Patient`). */
export const RECIPIENT_KIND = RecipientKindSchema.enum;

/** The kind a `recipientType` names, or null for any other text (see FaxRecipientSchema). */
export function recipientKindOf(recipientType: string): RecipientKind | null {
  const kind = RecipientKindSchema.safeParse(recipientType);
  return kind.success ? kind.data : null;
}

/** The catalogue key of a kind's label: `fax.recipientTypes.` and the kind in lower case. */
export const recipientKindLabelKey = (kind: RecipientKind) =>
  `fax.recipientTypes.${kind.toLowerCase() as Lowercase<RecipientKind>}` as const;

/** Spec 01 §3 "Fax recipient". `recipientType` is 'Custom' for one added by hand. */
export const FaxRecipientSchema = z.object({
  id: z.number().int().nullable(),
  name: z.string().min(1, 'A recipient needs a name').max(200),
  faxNumber: z.string().max(40),
  /**
   * A {@link RecipientKind} in every answer. A request may carry other text (as it always could):
   * it is stored as sent and is no kind, so such a recipient is neither a search answer nor the
   * patient.
   */
  recipientType: z.string().max(40),
  faxFlag: z.boolean(),
  /**
   * The physician this recipient is, when it is one (a contact's physician, or the search answer's
   * own id); null for the patient and custom recipients. The dialog uses it to know that contacts
   * of several jobs are one person; the server decides who is a contact itself.
   */
  physicianId: z.number().int().nullable().optional(),
});
export type FaxRecipient = z.infer<typeof FaxRecipientSchema>;

/** A recipient as the fax request sends it: an answer's recipient, or one typed in by hand. */
export const FaxRecipientInputSchema = FaxRecipientSchema.extend({
  id: bodyId('recipient id').nullable(),
  name: plainText('name', { max: 200 }).min(1, 'A recipient needs a name'),
  faxNumber: plainText('faxNumber', { max: 40 }),
  recipientType: plainText('recipientType', { max: 40 }),
  physicianId: bodyId('physicianId').nullable().optional(),
  /**
   * The jobs of the request this recipient is to receive (issue 39: each job goes only to its own
   * chosen recipients). Without it a recipient receives the jobs it is a contact of (the job itself
   * when one is faxed); with `together` it receives every job.
   */
  jobIds: z
    .array(bodyId('jobId'))
    .min(1, 'A recipient’s jobIds name at least one job')
    .max(LIMITS.maxBulkJobs)
    .optional(),
});

/** Answer of ENDPOINTS.fax.contacts: the job's own recipients. */
export const ContactListSchema = z.array(FaxRecipientSchema);

/** Query of ENDPOINTS.fax.searchRecipients: recipient search, at most LIMITS.faxSearchLimit answers. */
export const DictatorsQuerySchema = z.object({
  q: plainText('q').trim().max(100, 'q must be at most 100 characters').default(''),
  csid: queryId('csid'),
});
export const DictatorsResultSchema = z.array(FaxRecipientSchema).max(LIMITS.faxSearchLimit);

/** Body of ENDPOINTS.fax.fax. */
export const FaxRequestSchema = z
  .object({
    jobIds: z
      .array(bodyId('jobId'))
      .min(1, 'Name at least one job to fax')
      .max(LIMITS.maxBulkJobs, `At most ${LIMITS.maxBulkJobs} jobs per fax`)
      .transform((ids) => [...new Set(ids)]),
    recipients: z.array(FaxRecipientInputSchema).min(1, 'Choose at least one recipient').max(50),
    /**
     * The user confirmed sending jobs to recipients who are not among those jobs' own contacts
     * (custom recipients, search answers, another job's contact). Without it such a fax answers 409
     * and nothing is queued (docs/decisions.md "Faxing").
     */
    confirmOutsideContacts: z.boolean().optional(),
    /**
     * Send every job to every recipient in one fax (the dialog's explicit choice). Without it each job
     * goes only to its own recipients (docs/decisions.md "Faxing").
     */
    together: z.boolean().optional(),
    /**
     * Issue 41: a key the client makes once per send and sends again when it retries a request that
     * got no answer. A repeat of a key answers what its first request answered and faxes nothing
     * (kept LIMITS.faxRequestKeyHours, per account; docs/decisions.md "Fax request keys").
     */
    requestKey: plainText('requestKey', { max: LIMITS.faxRequestKeyMax })
      .regex(/^[A-Za-z0-9_-]+$/, message('fax.requestKeyInvalid', { max: LIMITS.faxRequestKeyMax }))
      .optional(),
  })
  .superRefine((request, issues) => {
    for (const [i, r] of request.recipients.entries()) {
      if (!r.jobIds) continue;
      const path = ['recipients', i, 'jobIds'];
      if (request.together)
        issues.addIssue({
          code: 'custom',
          path,
          message: 'Send together or name each recipient’s jobs, not both',
        });
      const stray = r.jobIds.find((id) => !request.jobIds.includes(id));
      if (stray !== undefined)
        issues.addIssue({
          code: 'custom',
          path,
          message: `${r.name} is to receive job ${stray}, which is not faxed`,
        });
    }
  });
export type FaxRequest = z.infer<typeof FaxRequestSchema>;
/** Spec 01 §7: `{success, text}`; the web shows `text` when success is false. */
export const FaxResultSchema = z.object({ success: z.boolean(), text: z.string() });
export type FaxResult = z.infer<typeof FaxResultSchema>;
