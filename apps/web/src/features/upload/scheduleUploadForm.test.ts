import {
  ADT_DATA_TYPES,
  COMPOSITE_NAME_DEFINITION,
  type HeadingMappingItem,
  IGNORE_DEFINITION,
  type MappingDefinition,
  type UploadStatus,
  type ValidateHeadingsResponse,
} from '@quill/core/contract/schedule';
import { describe, expect, it } from 'vitest';
import {
  allWarnings,
  canSubmitUpload,
  definitionChoices,
  definitionLabel,
  definitionValue,
  EMPTY_UPLOAD,
  headingDot,
  isFileTooLarge,
  statusLine,
  submitHeadingsRequest,
  validateHeadingsFormData,
} from './scheduleUploadForm';
import { PATIENT_FORM, SCHEDULE_FORM } from './uploadForms';

const DOB: MappingDefinition = {
  columnHeading: 'DOB',
  segmentName: 'PID',
  segmentType: 1,
  fieldIndex: 7,
  componentIndex: 1,
  isDateTime: true,
  dataType: ADT_DATA_TYPES.date,
};
const COMPANY = {
  id: 31,
  name: 'Dunmore Vale Family Clinic',
  displayValue: 'Dunmore Vale Family Clinic (31)',
};

function item(over: Partial<HeadingMappingItem> = {}): HeadingMappingItem {
  return {
    fileHeading: 'Birth',
    sample: '01/02/1980',
    adtDefinition: null,
    dateTimeFormat: null,
    compositeColumnFormat: null,
    isIgnored: false,
    isSubField: false,
    splitTimeHeading: null,
    ...over,
  };
}

function status(over: Partial<UploadStatus>): UploadStatus {
  return {
    uploadId: 4,
    fileName: 'schedule.csv',
    status: 'queued',
    rowsTotal: 3,
    patientsAdded: 2,
    patientsUpdated: 1,
    visitsAdded: 3,
    visitsUpdated: 0,
    visitsDeleted: 0,
    rowsSkipped: 0,
    jobsChanged: 0,
    jobsFinal: 0,
    warnings: [],
    error: null,
    revertedAt: null,
    ...over,
  };
}

describe('step 1', () => {
  it('needs a facility, a file and an action', () => {
    const file = new File(['a,b'], 'schedule.csv');
    expect(canSubmitUpload(EMPTY_UPLOAD)).toBe(false);
    expect(canSubmitUpload({ company: COMPANY, file, action: null })).toBe(false);
    expect(canSubmitUpload({ company: null, file, action: 0 })).toBe(false);
    expect(canSubmitUpload({ company: COMPANY, file: null, action: 0 })).toBe(false);
    expect(canSubmitUpload({ company: COMPANY, file, action: 0 })).toBe(true);
  });

  it('refuses a file over 10 MB', () => {
    const big = new File(['x'], 'big.csv');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    expect(isFileTooLarge(big)).toBe(true);
    expect(isFileTooLarge(new File(['x'], 'small.csv'))).toBe(false);
  });

  it('sends the fields first, then the file, as a schedule (formType 1)', () => {
    const file = new File(['a,b'], 'schedule.csv');
    const form = validateHeadingsFormData({ company: COMPANY, file, action: 2 });
    expect([...form.keys()]).toEqual(['companyId', 'mshActionType', 'formType', 'file']);
    expect(form.get('companyId')).toBe('31');
    expect(form.get('mshActionType')).toBe('2');
    expect(form.get('formType')).toBe('1');
    expect((form.get('file') as File).name).toBe('schedule.csv');
  });

  it('sends the patient-data upload as the ADT form type (formType 0, issue 20)', () => {
    const file = new File(['a,b'], 'patients.csv');
    const form = validateHeadingsFormData({ company: COMPANY, file, action: 0 }, PATIENT_FORM.formType);
    expect(form.get('formType')).toBe('0');
    expect(PATIENT_FORM.submit.path).toBe('/api/schedule/SubmitADTHeadings');
    expect(SCHEDULE_FORM.submit.path).toBe('/api/schedule/SubmitScheduleHeadings');
  });
});

describe('step 2', () => {
  it('labels a definition with its HL7 address', () => {
    expect(definitionLabel(DOB)).toBe('DOB (PID 7.1)');
    expect(definitionLabel(COMPOSITE_NAME_DEFINITION)).toBe('Patient Name (composite) (PID 5)');
    expect(definitionLabel(IGNORE_DEFINITION)).toBe('Ignore');
  });

  it('always offers Ignore, once', () => {
    expect(definitionChoices([DOB]).map(definitionLabel)).toEqual(['Ignore', 'DOB (PID 7.1)']);
    expect(definitionChoices([IGNORE_DEFINITION, DOB])).toHaveLength(2);
    const choices = definitionChoices([DOB]);
    expect(definitionValue(choices, { ...DOB })).toBe('1');
    expect(definitionValue(choices, null)).toBeNull();
  });

  it('dots: ignored grey, ready green, anything missing red', () => {
    expect(headingDot(item())).toBe('unmapped');
    expect(headingDot(item({ adtDefinition: DOB }))).toBe('unmapped');
    expect(headingDot(item({ adtDefinition: DOB, dateTimeFormat: 'MM/dd/yyyy' }))).toBe('mapped');
    expect(headingDot(item({ adtDefinition: IGNORE_DEFINITION, isIgnored: true }))).toBe('ignored');
    expect(headingDot(undefined)).toBe('unmapped');
  });

  it('submits every field of the contract, echoing what validateheadings answered', () => {
    const validated: ValidateHeadingsResponse = {
      fileName: 'schedule.csv',
      revisedFileName: 'abc.csv',
      totalRows: 3,
      mappingItems: [item()],
      mappingsExist: true,
      sampleDataTable: { headings: ['Birth'], rows: [['01/02/1980']] },
      adtDefinitions: [DOB],
      dateFormats: ['MM/dd/yyyy'],
    };
    const mapped = [item({ adtDefinition: DOB, dateTimeFormat: 'MM/dd/yyyy' })];
    expect(submitHeadingsRequest(COMPANY, 0, validated, mapped)).toEqual({
      companyId: 31,
      companyName: 'Dunmore Vale Family Clinic',
      fileName: 'schedule.csv',
      revisedFileName: 'abc.csv',
      mappingItems: mapped,
      mappingsExist: true,
      defaultValues: {},
      actionType: 0,
      sampleTableData: validated.sampleDataTable,
      adtDefinitions: [DOB],
      dateFormats: ['MM/dd/yyyy'],
    });
  });
});

describe('step 3', () => {
  it('reads the processing state', () => {
    expect(statusLine(status({ status: 'queued' }), 0).key).toBe('statusQueued');
    expect(statusLine(status({ status: 'processing' }), 0).key).toBe('statusProcessing');
    expect(statusLine(status({ status: 'failed', error: 'Disk full' }), 0)).toEqual({
      key: 'statusFailed',
      values: { error: 'Disk full' },
    });
    expect(statusLine(status({ status: 'done' }), 0)).toEqual({
      key: 'statusDone',
      values: {
        rows: '3',
        patientsAdded: '2',
        patientsUpdated: '1',
        visitsAdded: '3',
        visitsUpdated: '0',
        visitsDeleted: '0',
        rowsSkipped: '0',
      },
    });
    expect(statusLine(status({ status: 'done' }), 3)).toEqual({ key: 'statusNone', values: { rows: '3' } });
  });

  it('issue 39: a worked-out upload waits for the confirm; then it is applied, or cancelled', () => {
    expect(statusLine(status({ status: 'preview' }), 0)).toEqual({
      key: 'statusPreview',
      values: { rows: '3' },
    });
    expect(statusLine(status({ status: 'confirmed' }), 0).key).toBe('statusConfirmed');
    expect(statusLine(status({ status: 'cancelled' }), 0).key).toBe('statusCancelled');
  });

  it('lists each warning once', () => {
    expect(allWarnings(['a', 'b'], ['b', 'c'])).toEqual(['a', 'b', 'c']);
  });
});
