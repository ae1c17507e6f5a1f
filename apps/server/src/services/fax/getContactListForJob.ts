import {
  canSeePatientName,
  type FaxRecipient,
  isValidFaxNumber,
  message,
  personDisplayName,
  RECIPIENT_KIND,
  type RecipientKind,
} from '@quill/core';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { physicians, recipients } from '../../db/schema/index.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/auth.js';
import { requireJob } from '../tenantScope/requireJob.js';

type RecipientRow = typeof recipients.$inferSelect;

/** The kind of a job's recipient (spec 01 §3 "Fax recipient"). */
export function recipientTypeOf(
  r: Pick<RecipientRow, 'isPatient' | 'isAddressee' | 'physicianId'>,
): RecipientKind {
  if (r.isPatient) return RECIPIENT_KIND.Patient;
  if (r.physicianId === null) return RECIPIENT_KIND.Custom;
  return r.isAddressee ? RECIPIENT_KIND.Addressee : RECIPIENT_KIND.CC;
}

/**
 * One recipient as a fax contact: its name (the patient named only when `showPatient`, 'The
 * Patient' otherwise), the fax number as stored (a physician's, or the one typed for a custom
 * recipient or the patient), `faxFlag` when that number is valid (spec 01 §5), its kind and the
 * physician it is. Automatic fax delivery (services/delivery) addresses its faxes the same way.
 */
export function recipientContact(
  r: RecipientRow,
  p: typeof physicians.$inferSelect | null,
  showPatient: boolean,
): FaxRecipient {
  const custom = r.custom ?? {};
  const typed = personDisplayName({
    prefix: custom.prefix ?? custom.title,
    firstName: custom.firstName,
    middleInitial: custom.middleInitial,
    lastName: custom.lastName,
    suffix: custom.suffix,
    credentials: custom.credentials,
  });
  const name = r.isPatient
    ? showPatient && typed
      ? typed
      : message('fax.patientRecipient')
    : p
      ? personDisplayName(p)
      : typed || message('fax.recipientTypes.custom');
  const faxNumber = (p ? p.fax : custom.fax) ?? '';
  return {
    id: r.id,
    name,
    faxNumber,
    recipientType: recipientTypeOf(r),
    faxFlag: isValidFaxNumber(faxNumber),
    physicianId: r.physicianId,
  };
}

/**
 * GET /api/jobs/getContactListForJob: the job's live recipients (addressees first, then carbon
 * copies; removed ones left out) as fax recipients: `id` is the recipient id, the fax number as
 * stored (a physician's, or the one typed for a custom recipient or the patient) and `faxFlag`
 * when that number is valid (spec 01 §5), and the physician it is (for the dialog to know one
 * person among several jobs' contacts). The patient is named only to accounts that may see
 * patient names ('The Patient' otherwise). Another tenant's job answers 404. Audited.
 */
export async function getContactListForJob(
  ctx: AppContext,
  auth: Auth,
  jobId: number,
  ip: string | null,
): Promise<FaxRecipient[]> {
  const job = await requireJob(ctx, auth.scope, jobId);
  const rows = await ctx.database.db
    .select({ r: recipients, p: physicians })
    .from(recipients)
    .leftJoin(physicians, eq(physicians.id, recipients.physicianId))
    .where(and(eq(recipients.jobId, jobId), eq(recipients.removed, false)))
    .orderBy(desc(recipients.isAddressee), asc(recipients.ordinal), asc(recipients.id));
  const showPatient = canSeePatientName(auth.permissions);
  const list = rows.map(({ r, p }) => recipientContact(r, p, showPatient));
  await auditJob(ctx, auth, job, 'fax.contacts.read', ip, { recipients: list.length });
  return list;
}
