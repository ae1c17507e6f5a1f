import type { Physician, Recipient, WorkType } from '@quill/core/contract/job';

/** A physician as SearchPhysicians and GetPhysician answer it. */
export function physician(overrides: Partial<Physician> = {}): Physician {
  return {
    userId: 7,
    userIdSpecified: true,
    accessCode: 'GH7',
    addressLine1: '1 Harbour Road',
    addressLine2: null,
    addressLine3: null,
    addressLine4: null,
    clientUserCode: null,
    country: 'USA',
    credentials: 'MD',
    email: 'grace@clinic.test',
    externalESignFlag: false,
    externalESignFlagSpecified: false,
    fax: '555 0100',
    firstName: 'Grace',
    lastName: 'Hopper',
    middleInitial: null,
    mnemonic: null,
    postalCode: '02110',
    prefix: 'Dr',
    residentFlag: false,
    residentFlagSpecified: false,
    spelling: null,
    suffix: null,
    specialty: 'Cardiology',
    jobTitle: null,
    globalId: null,
    recipientProviderId: null,
    recipientProviderIdSpecified: false,
    telephone: null,
    signatureBlock: null,
    secureMessagingEnabled: false,
    secureMessagingEnabledSpecified: false,
    ...overrides,
  };
}

/** A recipient of the job as GetJobDetails answers it. */
export function recipient(overrides: Partial<Recipient> = {}): Recipient {
  return {
    ...physician(),
    id: 100,
    auto: false,
    autoSpecified: true,
    isAddressee: true,
    isAddresseeSpecified: true,
    isPatient: false,
    isPatientSpecified: true,
    capacityCode: null,
    capacityDescription: null,
    removed: false,
    removedSpecified: true,
    ...overrides,
  };
}

/** A work type of the facility (addressees enabled, the patient allowed). */
export function workType(overrides: Partial<WorkType> = {}): WorkType {
  return {
    id: 5,
    name: 'Consultation',
    number: 12,
    enableAddressee: true,
    minAddressees: 0,
    maxAddressees: 3,
    maxAddresseesSpecified: true,
    allowPatientAsRecipient: true,
    ...overrides,
  };
}
