import type { AdtItem, JobAdt, PhysicianAdtItem } from '@quill/core/contract/adt/adt';
import { ADT_DISPLAY_TYPES } from '@quill/core/contract/adt/adt';
import { physician } from '../details/testing';

/** An ADT item (a string at PID.5.1 unless told). */
export function adtItem(overrides: Partial<AdtItem> & { dataType?: number } = {}): AdtItem {
  const dataType = overrides.dataType ?? 4;
  return {
    hl7Identifier: { segment: 'PID', field: 5, component: 1 },
    value: null,
    parsedValue: null,
    dataType,
    displayDataType: ADT_DISPLAY_TYPES[dataType] ?? 'string',
    displayName: 'Last Name',
    ordinal: 1,
    mandatory: false,
    source: 'patient',
    refreshOnEdit: false,
    readOnly: false,
    highlighted: false,
    ...overrides,
  };
}

const at = (segment: string, field: number, component = 1) => ({ segment, field, component });

/** A physician-type item (attending at PV1.7 unless told). */
export function physicianItem(overrides: Partial<PhysicianAdtItem> = {}): PhysicianAdtItem {
  return {
    hl7IdentifierBase: { segment: 'PV1', field: 7 },
    physician: physician(),
    displayName: 'Attending Physician',
    ordinal: 1,
    mandatory: false,
    refreshOnEdit: true,
    follows: 'dictator',
    ...overrides,
  };
}

/**
 * getadtdata of job 42: MRN (read-only), last name and date of birth mandatory; SSN (highlighted,
 * empty), insurance (ordinal 0, with a value) and middle name (empty) optional; attending and
 * referring physicians; orders with a template and summary; a patient search.
 */
export function jobAdt(overrides: Partial<JobAdt> = {}): JobAdt {
  const orderNumber = adtItem({ hl7Identifier: at('ORC', 2), displayName: 'Order Number', mandatory: true });
  const procedure = adtItem({
    hl7Identifier: at('OBR', 4, 2),
    displayName: 'Ordered Procedure',
    ordinal: 13,
  });
  const priority = adtItem({ hl7Identifier: at('OBR', 5), displayName: 'Priority', ordinal: 15 });
  return {
    jobId: 42,
    patientId: 9,
    visitId: null,
    outputAdtData: [
      adtItem({
        hl7Identifier: at('PID', 3),
        displayName: 'Patient ID (MRN)',
        mandatory: true,
        readOnly: true,
        value: 'MRN1',
        parsedValue: 'MRN1',
      }),
      adtItem({ displayName: 'Last Name', ordinal: 2, mandatory: true, value: 'Doe', parsedValue: 'Doe' }),
      adtItem({
        hl7Identifier: at('PID', 7),
        displayName: 'Date of Birth',
        dataType: 1,
        ordinal: 5,
        mandatory: true,
      }),
      adtItem({
        hl7Identifier: at('IN1', 4),
        displayName: 'Insurance Company',
        ordinal: 0,
        value: 'Aetna',
        parsedValue: 'Aetna',
      }),
      adtItem({
        hl7Identifier: at('PID', 19),
        displayName: 'SSN',
        dataType: 3,
        ordinal: 9,
        highlighted: true,
      }),
      adtItem({ hl7Identifier: at('PID', 5, 3), displayName: 'Middle Name', ordinal: 4 }),
    ],
    hl7Physician: [
      physicianItem(),
      physicianItem({
        hl7IdentifierBase: { segment: 'PV1', field: 8 },
        physician: null,
        displayName: 'Referring Physician',
        ordinal: 2,
        refreshOnEdit: false,
        follows: null,
      }),
    ],
    orderData: [
      {
        instanceId: '501',
        orderId: 77,
        outputAdtData: [
          { ...orderNumber, value: 'ORD-1', parsedValue: 'ORD-1' },
          { ...procedure, value: 'Chest X-ray', parsedValue: 'Chest X-ray' },
          priority,
        ],
        hl7Physician: [],
      },
    ],
    orderTemplate: { outputAdtData: [orderNumber, procedure, priority], hl7Physician: [] },
    orderSummary: [
      { ...at('ORC', 2), displayName: 'Order Number' },
      { ...at('OBR', 4, 2), displayName: 'Ordered Procedure' },
    ],
    adtSearchConfiguration: { availableSearch: [] },
    ...overrides,
  };
}
