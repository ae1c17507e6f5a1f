import { describe, expect, it } from 'vitest';
import { message } from '../../i18n/format.js';
import {
  type AddresseeLimits,
  addresseeCount,
  addresseeCountMessage,
  addresseeHint,
  canAddAddressee,
  convertToCustom,
  isRecipientAlreadyAdded,
  physicianKind,
  type RecipientFacts,
  type RuleMessage,
  recipientsRefusal,
} from './recipients.js';

const limits = (min: number | null, max: number | null, enableAddressee = true): AddresseeLimits => ({
  enableAddressee,
  minAddressees: min,
  maxAddressees: max,
});
const text = (m: RuleMessage | null) => (m ? message(m.key, m.values) : null);

describe('addressee hint (spec 02 §5)', () => {
  it('reads "{n} required" when min equals max', () => {
    expect(text(addresseeHint(limits(2, 2)))).toBe('2 required');
    expect(text(addresseeHint(limits(1, 1)))).toBe('1 required');
  });
  it('reads "{min} to {max} required" for a range', () => {
    expect(text(addresseeHint(limits(1, 2)))).toBe('1 to 2 required');
  });
  it('reads "Up to {max} allowed" with a maximum only', () => {
    expect(text(addresseeHint(limits(0, 3)))).toBe('Up to 3 allowed');
    expect(text(addresseeHint(limits(null, 3)))).toBe('Up to 3 allowed');
  });
  it('reads "At least {min} required" with a minimum only', () => {
    expect(text(addresseeHint(limits(1, null)))).toBe('At least 1 required');
  });
  it('says addressees are disabled, and nothing without limits or work type', () => {
    expect(text(addresseeHint(limits(1, 2, false)))).toBe('Addressees are disabled for this job');
    expect(addresseeHint(limits(0, null))).toBeNull();
    expect(addresseeHint(null)).toBeNull();
  });
});

describe('addressee count messages and the add button (spec 02 §5)', () => {
  it('says too many over the maximum, maximum added at it, and disables Add at and over it', () => {
    expect(text(addresseeCountMessage(3, limits(1, 2)))).toBe('Too many (max 2)');
    expect(text(addresseeCountMessage(2, limits(1, 2)))).toBe('Maximum added (2)');
    expect(addresseeCountMessage(1, limits(1, 2))).toBeNull();
    expect(canAddAddressee(1, limits(1, 2))).toBe(true);
    expect(canAddAddressee(2, limits(1, 2))).toBe(false);
    expect(canAddAddressee(3, limits(1, 2))).toBe(false);
  });
  it('says not enough under the minimum', () => {
    expect(text(addresseeCountMessage(0, limits(1, 2)))).toBe('Not enough (min 1)');
    expect(text(addresseeCountMessage(1, limits(2, null)))).toBe('Not enough (min 2)');
    expect(addresseeCountMessage(2, limits(2, null))).toBeNull();
  });
  it('reads min = max at the boundary as the maximum reached', () => {
    expect(text(addresseeCountMessage(1, limits(1, 1)))).toBe('Maximum added (1)');
    expect(text(addresseeCountMessage(0, limits(1, 1)))).toBe('Not enough (min 1)');
  });
  it('has nothing to count and nothing to add when addressees are disabled', () => {
    expect(addresseeCountMessage(0, limits(1, 2, false))).toBeNull();
    expect(canAddAddressee(0, limits(0, null, false))).toBe(false);
    expect(canAddAddressee(50, limits(0, null))).toBe(true);
    expect(canAddAddressee(50, null)).toBe(true);
  });
  it('counts addressees on the job, not removed ones or carbon copies', () => {
    const r = (isAddressee: boolean, removed = false): RecipientFacts => ({
      isAddressee,
      isPatient: false,
      removed,
    });
    expect(addresseeCount([r(true), r(true, true), r(false)])).toBe(1);
  });
});

const physician = (userId: number, extra: Partial<RecipientFacts> = {}): RecipientFacts => ({
  userId,
  userIdSpecified: userId > 0,
  isAddressee: true,
  isPatient: false,
  removed: false,
  ...extra,
});

describe('physician kinds (spec 02 §4)', () => {
  it('tells the patient, auto-added, secure-messaging, custom and matched apart', () => {
    expect(physicianKind({ ...physician(0), isPatient: true })).toBe('patient');
    expect(physicianKind(physician(7, { auto: true }))).toBe('auto');
    expect(physicianKind(physician(7, { secureMessagingEnabled: true }))).toBe('secureMessaging');
    expect(physicianKind(physician(0))).toBe('custom');
    expect(physicianKind(physician(7, { userIdSpecified: false }))).toBe('custom');
    expect(physicianKind(physician(7))).toBe('matched');
    // A recipient provider makes a physician without a user id not custom.
    expect(
      physicianKind(physician(0, { recipientProviderId: 'RP-1', recipientProviderIdSpecified: true })),
    ).toBe('matched');
  });
  it('converts to custom by clearing the directory identity and keeping the rest', () => {
    const p = {
      userId: 7,
      userIdSpecified: true,
      globalId: 'G-7',
      accessCode: 'AC7',
      recipientProviderId: 'RP-7',
      recipientProviderIdSpecified: true,
      secureMessagingEnabled: true,
      secureMessagingEnabledSpecified: true,
      lastName: 'Walsh',
    };
    expect(convertToCustom(p)).toEqual({
      userId: 0,
      userIdSpecified: false,
      globalId: null,
      accessCode: null,
      recipientProviderId: null,
      recipientProviderIdSpecified: false,
      secureMessagingEnabled: false,
      secureMessagingEnabledSpecified: false,
      lastName: 'Walsh',
    });
    expect(
      physicianKind({ ...convertToCustom(p), isAddressee: true, isPatient: false, removed: false }),
    ).toBe('custom');
  });
});

describe('Recipient already added (spec 02 §5)', () => {
  it('refuses a directory physician or the patient already on the list, never a custom one', () => {
    const list = [physician(7), { ...physician(0), isPatient: true }, physician(0)];
    expect(isRecipientAlreadyAdded(list, physician(7, { isAddressee: false }))).toBe(true);
    expect(isRecipientAlreadyAdded(list, { ...physician(0), isPatient: true })).toBe(true);
    expect(isRecipientAlreadyAdded(list, physician(0))).toBe(false);
    expect(isRecipientAlreadyAdded(list, physician(8))).toBe(false);
  });
  it('lets a removed one be added again', () => {
    expect(isRecipientAlreadyAdded([physician(7, { removed: true })], physician(7))).toBe(false);
  });
});

describe('what a save refuses', () => {
  const workType = (over: Partial<Parameters<typeof recipientsRefusal>[1] & object> = {}) => ({
    ...limits(1, 2),
    allowPatientAsRecipient: true,
    ...over,
  });
  it('refuses more addressees than the maximum, counting only those not removed', () => {
    const three = [physician(1), physician(2), physician(3)];
    expect(text(recipientsRefusal(three, workType()))).toBe(
      "This job's work type allows at most 2 addressees; 3 were given.",
    );
    expect(recipientsRefusal([...three.slice(0, 2), physician(3, { removed: true })], workType())).toBeNull();
  });
  it('lets fewer addressees than the minimum be saved', () => {
    expect(recipientsRefusal([], workType())).toBeNull();
  });
  it('refuses addressees without addressee support, and the patient where it is disallowed', () => {
    expect(recipientsRefusal([physician(1)], workType({ enableAddressee: false }))?.key).toBe(
      'recipients.refuseAddresseesDisabled',
    );
    const patient = { ...physician(0), isPatient: true, isAddressee: false };
    expect(recipientsRefusal([patient], workType({ allowPatientAsRecipient: false }))?.key).toBe(
      'recipients.refusePatient',
    );
    expect(recipientsRefusal([patient], workType())).toBeNull();
  });
  it('refuses the patient twice and a directory physician twice', () => {
    const patient = { ...physician(0), isPatient: true, isAddressee: false };
    expect(recipientsRefusal([patient, patient], workType())?.key).toBe('job.patientTwice');
    expect(text(recipientsRefusal([physician(1), physician(1, { isAddressee: false })], workType()))).toBe(
      'Recipient already added',
    );
    expect(recipientsRefusal([physician(0), physician(0)], workType())).toBeNull();
  });
});
