import type { AdtItemRow } from '@quill/core/contract/adt/adtSetup';

/** What the ADT setup sections' tests render: a facility and ADT items as the server answers them. */

export const FACILITY = {
  id: 7,
  name: 'Riverside Clinic',
  corporateStructureId: 1,
  corporateStructure: 'Meridian Valley Health',
};

export const item = (over: Partial<AdtItemRow>): AdtItemRow => ({
  id: 1,
  shared: true,
  replaced: false,
  columnHeading: 'MRN',
  displayName: 'Patient ID (MRN)',
  segmentName: 'PID',
  segmentType: 0,
  fieldIndex: 3,
  componentIndex: 1,
  dataType: 4,
  isPhysician: false,
  key: 'PID.3.1',
  source: 'patient',
  ordinal: 1,
  mandatory: true,
  readOnly: true,
  highlighted: false,
  inOrderSummary: false,
  refreshOnEdit: false,
  follows: null,
  ...over,
});
