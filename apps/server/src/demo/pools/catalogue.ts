/** The organisation catalogue of the demo: work types, hold-queue rules and service-centre regions. */
import type { DocTemplateKey } from '@quill/core';
import type { RuleModel, WorkTypeModel } from '../model.js';

export type WorkTypeSpec = Omit<WorkTypeModel, 'id'>;

/** Work types every structure has, with different addressee limits. */
export const WORK_TYPES: WorkTypeSpec[] = [
  {
    name: 'Progress Note',
    number: 101,
    template: 'progress',
    enableAddressee: true,
    minAddressees: 0,
    maxAddressees: 2,
    allowPatientAsRecipient: true,
    weight: 30,
  },
  {
    name: 'History and Physical',
    number: 102,
    template: 'hp',
    enableAddressee: true,
    minAddressees: 1,
    maxAddressees: 3,
    allowPatientAsRecipient: true,
    weight: 15,
  },
  {
    name: 'Discharge Summary',
    number: 103,
    template: 'discharge',
    enableAddressee: true,
    minAddressees: 1,
    maxAddressees: 4,
    allowPatientAsRecipient: true,
    weight: 15,
  },
  {
    name: 'Consultation',
    number: 104,
    template: 'consult',
    enableAddressee: true,
    minAddressees: 1,
    maxAddressees: 2,
    allowPatientAsRecipient: true,
    weight: 12,
  },
  {
    name: 'Operative Report',
    number: 105,
    template: 'operative',
    enableAddressee: true,
    minAddressees: 0,
    maxAddressees: null,
    allowPatientAsRecipient: true,
    weight: 10,
  },
  {
    name: 'Telephone Encounter',
    number: 106,
    template: 'progress',
    enableAddressee: false,
    minAddressees: 0,
    maxAddressees: 0,
    allowPatientAsRecipient: true,
    weight: 5,
  },
  {
    name: 'Behavioral Health Evaluation',
    number: 107,
    template: 'consult',
    enableAddressee: true,
    minAddressees: 1,
    maxAddressees: 2,
    allowPatientAsRecipient: false,
    weight: 5,
  },
  {
    name: 'Patient Letter',
    number: 108,
    template: 'progress',
    enableAddressee: true,
    minAddressees: 0,
    maxAddressees: 1,
    allowPatientAsRecipient: true,
    weight: 5,
  },
];

/** A work type some facilities add of their own. */
export const FACILITY_WORK_TYPE: WorkTypeSpec = {
  name: 'Pre-Admission Testing',
  number: 201,
  template: 'hp' as DocTemplateKey,
  enableAddressee: true,
  minAddressees: 0,
  maxAddressees: null,
  allowPatientAsRecipient: true,
  weight: 6,
};

/** Hold-queue rules of every facility (kinds as docs/domain.md names them). */
export const RULES: Omit<RuleModel, 'enabled'>[] = [
  { code: 'HQ01', kind: 'missingMandatoryAdt', description: 'Mandatory patient demographics are missing' },
  {
    code: 'HQ02',
    kind: 'addresseeCount',
    description: 'Number of addressees is outside the work type limits',
  },
  { code: 'HQ03', kind: 'noDictator', description: 'No dictator is assigned to the job' },
  { code: 'HQ04', kind: 'emptySection', description: 'The document contains an empty section' },
  {
    code: 'HQ05',
    kind: 'patientNameMismatch',
    description: 'Patient name in the document does not match the ADT data',
  },
];

export const RULE_PARAMS: Record<string, Record<string, unknown>> = {
  missingMandatoryAdt: { fields: ['PID.3.1', 'PID.5.1', 'PID.5.2', 'PID.7.1', 'PID.18.1'] },
  addresseeCount: { useWorkTypeLimits: true },
  noDictator: {},
  emptySection: {},
  patientNameMismatch: { fields: ['PID.5.1', 'PID.5.2'] },
};

export const REGIONS = [
  'North',
  'South',
  'East',
  'West',
  'Central',
  'Lakes',
  'Highlands',
  'Coastal',
  'Valley',
  'Metro',
];
