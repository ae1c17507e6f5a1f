import type { MessageKey } from '../../i18n/format.js';

/**
 * The Recipients card's rules (spec 02 §4 "Recipients", "Physician kinds"; §5 addressee limits and
 * 'Recipient already added'), shared by the card and the server's save check (issue 21).
 */

/**
 * The most recipients one job holds (a save sends at most this many); a work type's addressee
 * limits stay within it (issue 26, rules/referenceData/facilityLists.ts).
 */
export const MAX_JOB_RECIPIENTS = 100;

/** A work type's addressee limits (spec 02 §3 "Work type"). */
export interface AddresseeLimits {
  enableAddressee: boolean;
  minAddressees: number | null | undefined;
  maxAddressees: number | null | undefined;
}

/** A catalogue message and its values: the card shows `t(key, values)`, the server `message(key, values)`. */
export interface RuleMessage {
  key: MessageKey;
  values: Record<string, number>;
}

/** Limits with 0 read as "no minimum" and a missing maximum as "no maximum". */
function limitsOf(limits: AddresseeLimits) {
  const min = Math.max(0, limits.minAddressees ?? 0);
  const max = limits.maxAddressees ?? null;
  return { min, max };
}

/**
 * Spec 02 §5: the Addressees section's range hint — '{n} required' when min equals max, '{min} to
 * {max} required', 'Up to {max} allowed', 'At least {min} required', or 'Addressees are disabled
 * for this job'. Null when addressees are enabled without limits.
 */
export function addresseeHint(limits: AddresseeLimits | null): RuleMessage | null {
  if (!limits) return null;
  if (!limits.enableAddressee) return { key: 'recipients.hintDisabled', values: {} };
  const { min, max } = limitsOf(limits);
  if (max !== null && min === max) return { key: 'recipients.hintExact', values: { n: max } };
  if (max !== null && min > 0) return { key: 'recipients.hintRange', values: { min, max } };
  if (max !== null) return { key: 'recipients.hintUpTo', values: { max } };
  if (min > 0) return { key: 'recipients.hintAtLeast', values: { min } };
  return null;
}

/**
 * Spec 02 §5 count messages: over the maximum 'Too many (max N)', at it 'Maximum added (N)', under
 * the minimum 'Not enough (min N)'; null otherwise and when addressees are disabled.
 */
export function addresseeCountMessage(count: number, limits: AddresseeLimits | null): RuleMessage | null {
  if (!limits?.enableAddressee) return null;
  const { min, max } = limitsOf(limits);
  if (max !== null && count > max) return { key: 'recipients.countTooMany', values: { n: max } };
  if (max !== null && count === max) return { key: 'recipients.countMaximum', values: { n: max } };
  if (count < min) return { key: 'recipients.countNotEnough', values: { n: min } };
  return null;
}

/** Spec 02 §5: Add Addressee (and Move to Addressees) is disabled at the maximum or when disabled. */
export function canAddAddressee(count: number, limits: AddresseeLimits | null): boolean {
  if (!limits) return true;
  if (!limits.enableAddressee) return false;
  const { max } = limitsOf(limits);
  return max === null || count < max;
}

/** A recipient as far as the card's rules care (spec 02 §3 "Recipient" and "Physician"). */
export interface RecipientFacts {
  userId?: number | null;
  userIdSpecified?: boolean;
  isAddressee: boolean;
  isPatient: boolean;
  removed: boolean;
  auto?: boolean;
  recipientProviderId?: string | null;
  recipientProviderIdSpecified?: boolean;
  secureMessagingEnabled?: boolean;
}

/** The addressees that count: on the job and not removed. */
export function addresseeCount(recipients: readonly RecipientFacts[]): number {
  return recipients.filter((r) => r.isAddressee && !r.removed).length;
}

/** Spec 02 §4 "Physician kinds". */
export type PhysicianKindName = 'patient' | 'auto' | 'secureMessaging' | 'custom' | 'matched';

/** A physician with a directory user id (a matched, secure-messaging or auto-added one). */
function hasUserId(r: RecipientFacts): boolean {
  return r.userIdSpecified !== false && (r.userId ?? 0) > 0;
}

/** Custom: no user id (or not specified) and no recipient provider (spec 02 §4). */
export function isCustomPhysician(r: RecipientFacts): boolean {
  return !r.isPatient && !hasUserId(r) && !(r.recipientProviderIdSpecified && r.recipientProviderId);
}

/**
 * Spec 02 §4 "Physician kinds": the patient, an auto-added recipient, a secure-messaging recipient,
 * a custom physician, or a matched one (found in the directory).
 */
export function physicianKind(r: RecipientFacts): PhysicianKindName {
  if (r.isPatient) return 'patient';
  if (r.auto) return 'auto';
  if (r.secureMessagingEnabled) return 'secureMessaging';
  if (isCustomPhysician(r)) return 'custom';
  return 'matched';
}

/** The physician fields that make a physician the directory's (spec 02 §4 "Convert to custom"). */
export interface DirectoryIdentity {
  userId: number;
  userIdSpecified: boolean;
  globalId: string | null;
  accessCode: string | null;
  recipientProviderId: string | null;
  recipientProviderIdSpecified: boolean;
  secureMessagingEnabled: boolean;
  secureMessagingEnabledSpecified: boolean;
}

/** Spec 02 §4: convert to custom clears userId, globalId, accessCode, recipient provider and secure messaging. */
export function convertToCustom<T extends DirectoryIdentity>(p: T): T {
  return {
    ...p,
    userId: 0,
    userIdSpecified: false,
    globalId: null,
    accessCode: null,
    recipientProviderId: null,
    recipientProviderIdSpecified: false,
    secureMessagingEnabled: false,
    secureMessagingEnabledSpecified: false,
  };
}

/**
 * Spec 02 §5 'Recipient already added': a non-custom candidate (a directory physician, or the
 * patient) that the list already holds and has not removed. Custom physicians are never duplicates.
 */
export function isRecipientAlreadyAdded(list: readonly RecipientFacts[], candidate: RecipientFacts): boolean {
  if (candidate.isPatient) return list.some((r) => r.isPatient && !r.removed);
  if (!hasUserId(candidate)) return false;
  return list.some((r) => !r.removed && !r.isPatient && hasUserId(r) && r.userId === candidate.userId);
}

/** A work type as the recipients' save rules read it. */
export interface RecipientWorkType extends AddresseeLimits {
  allowPatientAsRecipient: boolean;
}

/**
 * What a save refuses (issue 21, spec 02 §4/§5): addressees on a work type without addressee
 * support, more addressees than the maximum, the patient where the work type disallows it, the
 * patient twice, or a directory physician twice. Null when the recipients may be saved. Fewer
 * addressees than the minimum may be saved: it only limits the save modes (rules/jobEditor/saveOptions).
 */
export function recipientsRefusal(
  recipients: readonly RecipientFacts[],
  workType: RecipientWorkType | null,
): RuleMessage | null {
  const live = recipients.filter((r) => !r.removed);
  const count = addresseeCount(live);
  if (workType && !workType.enableAddressee && count > 0)
    return { key: 'recipients.refuseAddresseesDisabled', values: {} };
  if (workType?.maxAddressees != null && count > workType.maxAddressees)
    return { key: 'recipients.refuseTooMany', values: { max: workType.maxAddressees, count } };
  const patients = live.filter((r) => r.isPatient).length;
  if (workType && !workType.allowPatientAsRecipient && patients > 0)
    return { key: 'recipients.refusePatient', values: {} };
  if (patients > 1) return { key: 'job.patientTwice', values: {} };
  const ids = live.filter((r) => !r.isPatient && hasUserId(r)).map((r) => r.userId);
  if (new Set(ids).size !== ids.length) return { key: 'recipients.alreadyAdded', values: {} };
  return null;
}
