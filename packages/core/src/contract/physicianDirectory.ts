import { z } from 'zod';
import { message } from '../i18n/format.js';
import {
  DISTRIBUTION_METHODS,
  distributionProblem,
  PHYSICIAN_DIRECTORY_LIMITS,
} from '../rules/recipients/physicianDirectory.js';
import { plainText } from './documents/text.js';
import { bodyId, queryId, wholeNumberText } from './ids.js';
import { SavePhysicianRequestSchema } from './physician.js';
import { FacilityIdParamsSchema } from './referenceData.js';

/**
 * The physician directory of a client facility on the Reference data page (issue 26): the
 * physicians of the facility's corporate structure that are the facility's own or listed for every
 * facility, as a manager searches, adds, edits, disables and merges them. Reading needs
 * dictatorView, changing dictatorAdd.
 */

const L = PHYSICIAN_DIRECTORY_LIMITS;

/** `{cfId}/physicians/{physicianId}`: a physician of the facility's directory (404 otherwise). */
export const DirectoryPhysicianParamsSchema = FacilityIdParamsSchema.extend({
  physicianId: queryId('physicianId'),
});
export type DirectoryPhysicianParams = z.infer<typeof DirectoryPhysicianParamsSchema>;

const searchText = (name: string) =>
  plainText(name, { max: L.searchTextMax })
    .trim()
    .optional()
    .transform((v) => v || undefined);

/**
 * GET /api/reference/{cfId}/physicians: `q` is "Last, First" (prefixes, ignoring case; without a
 * comma a prefix of either name), `accessCode` a prefix of the access code, `disabled` keeps only
 * the disabled (`true`) or the enabled (`false`) ones; a page at a time.
 */
export const PhysicianDirectoryQuerySchema = z.object({
  q: searchText('q'),
  accessCode: searchText('accessCode'),
  disabled: z.enum(['true', 'false']).optional(),
  page: wholeNumberText('page', { min: 1, max: L.maxPage }).default(1),
  pageSize: wholeNumberText('pageSize', { min: 1, max: 1000 })
    .refine((n) => (L.pageSizes as readonly number[]).includes(n), {
      message: `pageSize must be one of ${L.pageSizes.join(', ')}`,
    })
    .default(L.pageSizes[0]),
});
export type PhysicianDirectoryQuery = z.infer<typeof PhysicianDirectoryQuerySchema>;

/** The physician a merged one was merged into. */
export const MergedIntoSchema = z.object({ id: z.number().int(), name: z.string() });

/** One row of the directory search. */
export const DirectoryRowSchema = z.object({
  id: z.number().int(),
  prefix: z.string().nullable(),
  firstName: z.string(),
  middleInitial: z.string().nullable(),
  lastName: z.string(),
  suffix: z.string().nullable(),
  credentials: z.string().nullable(),
  specialty: z.string().nullable(),
  accessCode: z.string().nullable(),
  fax: z.string().nullable(),
  distributionMethod: z.enum(DISTRIBUTION_METHODS),
  isDictator: z.boolean(),
  /** Listed for every facility of the structure, not only this one. */
  allFacilities: z.boolean(),
  disabled: z.boolean(),
  mergedInto: MergedIntoSchema.nullable(),
});
export type DirectoryRow = z.infer<typeof DirectoryRowSchema>;

export const PhysicianDirectoryPageSchema = z.object({
  rows: z.array(DirectoryRowSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int(),
});
export type PhysicianDirectoryPage = z.infer<typeof PhysicianDirectoryPageSchema>;

/** GET /api/reference/{cfId}/physicians/{physicianId}: every detail the Edit form shows. */
export const DirectoryPhysicianSchema = DirectoryRowSchema.extend({
  jobTitle: z.string().nullable(),
  email: z.string().nullable(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  addressLine3: z.string().nullable(),
  addressLine4: z.string().nullable(),
  country: z.string().nullable(),
  postalCode: z.string().nullable(),
});
export type DirectoryPhysician = z.infer<typeof DirectoryPhysicianSchema>;

const flag = (field: string) => z.boolean({ error: message('reference.physicians.flagInvalid', { field }) });

/**
 * POST /api/reference/{cfId}/physicians (add) and …/{physicianId} (edit): the Physician modal's
 * details (SavePhysician's, last name required, fax a number a fax can go to) with the specialty,
 * whether the physician dictates, how they receive documents (fax needs a fax number) and whether
 * they are listed for every facility of the structure or for this facility only.
 */
export const DirectoryPhysicianRequestSchema = SavePhysicianRequestSchema.shape.physician
  .extend({
    specialty: plainText('Specialty')
      .trim()
      .max(L.specialtyMax, `Specialty may hold at most ${L.specialtyMax} characters`)
      .transform((v) => (v === '' ? null : v))
      .nullable()
      .optional(),
    isDictator: flag('isDictator'),
    distributionMethod: z.enum(DISTRIBUTION_METHODS, {
      error: message('reference.physicians.distributionInvalid'),
    }),
    allFacilities: flag('allFacilities'),
  })
  .superRefine((v, ctx) => {
    if (distributionProblem(v.distributionMethod, v.fax))
      ctx.addIssue({
        code: 'custom',
        path: ['fax'],
        message: message('reference.physicians.faxNeedsNumber'),
      });
  });
export type DirectoryPhysicianRequest = z.infer<typeof DirectoryPhysicianRequestSchema>;
export type DirectoryPhysicianInput = z.input<typeof DirectoryPhysicianRequestSchema>;

/** POST /api/reference/{cfId}/physicians/{physicianId}/merge: the duplicate merged into the path's physician. */
export const MergePhysicianRequestSchema = z.object({ duplicateId: bodyId('duplicateId') });
export type MergePhysicianRequest = z.infer<typeof MergePhysicianRequestSchema>;

/** What a merge moved from the duplicate to the kept physician, by where it was named. */
export const MergeCountsSchema = z.object({
  dictatorJobs: z.number().int(),
  dictatedForJobs: z.number().int(),
  /** Jobs whose patient-data physician items (PV1.7 …) named the duplicate. */
  adtJobs: z.number().int(),
  /** Job orders and order records whose physician items named the duplicate. */
  orders: z.number().int(),
  recipients: z.number().int(),
  /** Of those, recipients of jobs that named the kept physician already: kept once, the other flagged removed. */
  foldedRecipients: z.number().int(),
  accounts: z.number().int(),
  /** Physicians merged into the duplicate earlier, now marked merged into the kept one. */
  earlierMerges: z.number().int(),
});
export type MergeCounts = z.infer<typeof MergeCountsSchema>;

export const MergePhysicianResultSchema = z.object({
  kept: DirectoryPhysicianSchema,
  duplicate: DirectoryPhysicianSchema,
  moved: MergeCountsSchema,
});
export type MergePhysicianResult = z.infer<typeof MergePhysicianResultSchema>;

/**
 * GET /api/reference/physicianChoices: the enabled physicians of a company (corporate structure the
 * account may see; 404 otherwise) whose name starts as `q` does ("Last, First"), for the Users
 * page's account link.
 */
export const PhysicianChoicesQuerySchema = z.object({
  companyId: queryId('companyId'),
  q: plainText('q', { max: L.searchTextMax }).trim(),
});
export type PhysicianChoicesQuery = z.infer<typeof PhysicianChoicesQuerySchema>;

export const PhysicianChoiceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  accessCode: z.string().nullable(),
  specialty: z.string().nullable(),
  isDictator: z.boolean(),
});
export type PhysicianChoice = z.infer<typeof PhysicianChoiceSchema>;
export const PhysicianChoicesSchema = z.array(PhysicianChoiceSchema);
