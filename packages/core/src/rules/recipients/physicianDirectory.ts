import { LIMITS } from '../settings/constants.js';
import { isValidFaxNumber } from './faxNumber.js';

/**
 * The physician directory of a client facility (issue 26): its limits, the distribution methods a
 * physician may prefer, and the rules a save, a merge and an account link follow — shared by the
 * Reference data page and the server, so both refuse the same things with the same words.
 */

export const PHYSICIAN_DIRECTORY_LIMITS = {
  /** Physicians per page of the directory search: the job list's page sizes. */
  pageSizes: LIMITS.pageSizes,
  /** The last page a search may ask for (1000 pages of 100 cover any directory). */
  maxPage: 1000,
  /** The longest name or access-code text a search takes. */
  searchTextMax: 100,
  /** The longest specialty (the job's other physician details are bounded by PHYSICIAN_DETAIL_FIELDS). */
  specialtyMax: 100,
  /** The most physicians the account link's picker offers for one text. */
  linkChoicesMax: 25,
} as const;

/** How a physician prefers to receive documents (physicians.distribution_method). */
export const DISTRIBUTION_METHODS = ['fax', 'print', 'electronic'] as const;
export type DistributionMethod = (typeof DISTRIBUTION_METHODS)[number];

export function isDistributionMethod(value: unknown): value is DistributionMethod {
  return typeof value === 'string' && (DISTRIBUTION_METHODS as readonly string[]).includes(value);
}

/** The member type whose account may link to a physician: a dictator (spec 01 §3). */
export const PHYSICIAN_LINK_MEMBER_TYPE = 1;

/**
 * Why a physician's details cannot be saved with this distribution method, or null: fax needs a
 * fax number a fax can be sent to (spec 01 §5). Print and electronic need nothing more.
 */
export function distributionProblem(
  method: DistributionMethod,
  fax: string | null | undefined,
): 'faxNeedsNumber' | null {
  return method === 'fax' && !isValidFaxNumber(fax) ? 'faxNeedsNumber' : null;
}

/** What a merge reads of each physician. */
export interface MergeCandidate {
  id: number;
  disabled: boolean;
  mergedIntoId: number | null;
  /** null: listed for every facility of the structure. */
  clientFacilityId: number | null;
}

/**
 * Why a duplicate cannot be merged into the kept physician, or null (both already known to be in
 * the facility's directory): the same physician (`same`); a kept physician that is disabled or
 * merged itself (`keptDisabled`); a duplicate merged before (`alreadyMerged`); a duplicate listed
 * for every facility merged into one listed for a single facility (`narrower`: the other
 * facilities' jobs would name a physician outside their directory).
 */
export function mergeRefusal(
  kept: MergeCandidate,
  duplicate: MergeCandidate,
): 'same' | 'keptDisabled' | 'alreadyMerged' | 'narrower' | null {
  if (kept.id === duplicate.id) return 'same';
  if (kept.disabled || kept.mergedIntoId !== null) return 'keptDisabled';
  if (duplicate.mergedIntoId !== null) return 'alreadyMerged';
  if (duplicate.clientFacilityId === null && kept.clientFacilityId !== null) return 'narrower';
  return null;
}

/**
 * Whether an account may be linked to this physician: a dictator account, a physician of the
 * account's company, enabled — unless the link is the one the account already has (a physician
 * disabled after it was linked stays linked, as jobs keep naming a disabled physician).
 */
export function linkAllowed(
  account: { memberType: number; companyId: number; currentPhysicianId: number | null },
  physician: { id: number; corporateStructureId: number; disabled: boolean } | null,
): 'notDictator' | 'notFound' | null {
  if (!physician) return 'notFound';
  if (account.memberType !== PHYSICIAN_LINK_MEMBER_TYPE) return 'notDictator';
  if (physician.corporateStructureId !== account.companyId) return 'notFound';
  if (physician.disabled && physician.id !== account.currentPhysicianId) return 'notFound';
  return null;
}
