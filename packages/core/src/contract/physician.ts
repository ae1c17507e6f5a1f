import { z } from 'zod';
import { isValidFaxNumber } from '../rules/recipients/faxNumber.js';
import { plainText } from './documents/text.js';
import { bodyId, queryId, wholeNumber } from './ids.js';

/**
 * The physician details a person types (spec 02 §2 "Physician modal"): a custom recipient's
 * details as the job keeps them, and the physician SavePhysician adds to the directory (issue 21).
 * Kept apart from job.ts so both it and the save calls can use it without importing each other.
 */

/** One typed detail: trimmed, at most `max` characters, no control characters; empty reads as null. */
const detail = (label: string, max: number) =>
  plainText(label)
    .trim()
    .max(max, `${label} may hold at most ${max} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** The details form's fields, in the order the modal shows them, with their bounds. */
export const PHYSICIAN_DETAIL_FIELDS = {
  firstName: 100,
  middleInitial: 10,
  lastName: 100,
  prefix: 20,
  suffix: 20,
  jobTitle: 100,
  credentials: 50,
  accessCode: 30,
  email: 254,
  fax: 40,
  addressLine1: 200,
  addressLine2: 200,
  addressLine3: 200,
  addressLine4: 200,
  country: 60,
  postalCode: 20,
} as const;
export type PhysicianDetailField = keyof typeof PHYSICIAN_DETAIL_FIELDS;

const LABELS: Record<PhysicianDetailField, string> = {
  firstName: 'First name',
  middleInitial: 'Middle initial(s)',
  lastName: 'Last name',
  prefix: 'Prefix',
  suffix: 'Suffix',
  jobTitle: 'Job title',
  credentials: 'Credentials',
  accessCode: 'Access code',
  email: 'Email',
  fax: 'Fax',
  addressLine1: 'Address line 1',
  addressLine2: 'Address line 2',
  addressLine3: 'Address line 3',
  addressLine4: 'Address line 4',
  country: 'Country',
  postalCode: 'Zip code',
};

/** Spec 01 §5: a fax number a fax can be sent to — digits, spaces allowed. */
export const FAX_DIGITS_ONLY = 'Fax may hold only digits and spaces, for example 973 555 0188';

const detailShape = Object.fromEntries(
  (Object.keys(PHYSICIAN_DETAIL_FIELDS) as PhysicianDetailField[]).map((k) => [
    k,
    k === 'fax'
      ? detail(LABELS[k], PHYSICIAN_DETAIL_FIELDS[k]).refine(
          (v) => v == null || isValidFaxNumber(v),
          FAX_DIGITS_ONLY,
        )
      : detail(LABELS[k], PHYSICIAN_DETAIL_FIELDS[k]),
  ]),
) as { [K in PhysicianDetailField]: ReturnType<typeof detail> };

/** A physician's details as typed; every field optional, unknown fields dropped. */
export const PhysicianDetailsSchema = z.object(detailShape);
export type PhysicianDetails = z.infer<typeof PhysicianDetailsSchema>;

/** Spec 02 §5 "Custom physician: last name required" — the message a save without one answers. */
export const LAST_NAME_REQUIRED = 'Last name is required';

/** Spec 02 §3: DICTATOR 0, DICTATED_FOR 1, ADT 2, CCLIST 3, NAME_INSERT 4. */
const SearchTypeSchema = wholeNumber('physicianSearchType', {
  min: 0,
  max: 4,
  error: 'physicianSearchType must be 0 to 4',
});

/**
 * Body of POST /api/job/SavePhysician (spec 02 §7: clientFacilityId and physician). Ours besides:
 * the job the modal was opened from (Dictator add needs a job without a recipient registry id)
 * and the search type it was opened for (a dictator or dictated-for physician is saved as one
 * that dictates, so the Dictator search finds it).
 */
export const SavePhysicianRequestSchema = z.object({
  clientFacilityId: bodyId('clientFacilityId'),
  jobId: bodyId('jobId'),
  physicianSearchType: SearchTypeSchema.optional(),
  physician: PhysicianDetailsSchema.extend({
    lastName: z
      .string({ error: LAST_NAME_REQUIRED })
      .pipe(
        plainText('Last name')
          .trim()
          .min(1, LAST_NAME_REQUIRED)
          .max(
            PHYSICIAN_DETAIL_FIELDS.lastName,
            `Last name may hold at most ${PHYSICIAN_DETAIL_FIELDS.lastName} characters`,
          ),
      ),
  }),
});
export type SavePhysicianRequest = z.infer<typeof SavePhysicianRequestSchema>;

/** Answer of SavePhysician: the new physician's user id. */
export const SavePhysicianResultSchema = z.object({ userId: z.number().int() });

/** `/{userId}` of the get-physician-by-userId call (spec 02 §7: path ours). */
export const PhysicianPathSchema = z.object({ userId: queryId('userId') });

/** Typed details as a job keeps a custom recipient's: only the fields that hold text. */
export function keptDetails(details: PhysicianDetails | null | undefined): Record<string, string> | null {
  if (!details) return null;
  return Object.fromEntries(
    Object.entries(details).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
  );
}
