import { describe, expect, it } from 'vitest';
import {
  ADT_DATA_TYPES,
  COMPOSITE_NAME_DEFINITION,
  type HeadingMappingItem,
  IGNORE_DEFINITION,
  type MappingDefinition,
} from '../../contract/schedule.js';
import { canSubmitMapping, chooseDefinition, headingIssue } from './headingMapping.js';

const item = (over: Partial<HeadingMappingItem> = {}): HeadingMappingItem => ({
  fileHeading: 'H',
  sample: 's',
  adtDefinition: null,
  dateTimeFormat: null,
  compositeColumnFormat: null,
  isIgnored: false,
  isSubField: false,
  splitTimeHeading: null,
  ...over,
});
const def = (over: Partial<MappingDefinition>): MappingDefinition => ({
  columnHeading: 'MRN',
  segmentName: 'PID',
  segmentType: 1,
  fieldIndex: 3,
  componentIndex: 1,
  isDateTime: false,
  dataType: ADT_DATA_TYPES.string,
  ...over,
});
const dob = def({ columnHeading: 'DOB', fieldIndex: 7, isDateTime: true, dataType: ADT_DATA_TYPES.date });
const apptTime = def({
  columnHeading: 'Time',
  segmentType: 2,
  isDateTime: true,
  dataType: ADT_DATA_TYPES.time,
});

describe('heading mapping rules (spec 02 §4, §5)', () => {
  it('marks a heading ignored when a segment-type-0 definition other than the composite name is chosen', () => {
    expect(chooseDefinition(item(), IGNORE_DEFINITION).isIgnored).toBe(true);
    expect(chooseDefinition(item(), COMPOSITE_NAME_DEFINITION).isIgnored).toBe(false);
    expect(chooseDefinition(item({ isIgnored: true }), def({})).isIgnored).toBe(false);
  });

  it('needs a format for date and date-time headings but not for time-only ones', () => {
    expect(headingIssue(chooseDefinition(item(), dob))).toBe('needsDateFormat');
    expect(headingIssue(chooseDefinition(item({ dateTimeFormat: 'MM/dd/yyyy' }), dob))).toBeNull();
    expect(headingIssue(chooseDefinition(item(), apptTime))).toBeNull();
  });

  it('needs a format for the composite name', () => {
    expect(headingIssue(chooseDefinition(item(), COMPOSITE_NAME_DEFINITION))).toBe('needsCompositeFormat');
    expect(
      headingIssue(chooseDefinition(item({ compositeColumnFormat: 0 }), COMPOSITE_NAME_DEFINITION)),
    ).toBeNull();
  });

  it('drops a format that no longer applies when the definition changes', () => {
    const changed = chooseDefinition(
      item({ dateTimeFormat: 'MM/dd/yyyy', compositeColumnFormat: 1 }),
      def({}),
    );
    expect(changed.dateTimeFormat).toBeNull();
    expect(changed.compositeColumnFormat).toBeNull();
  });

  it('allows submit only when every heading is mapped or ignored', () => {
    const ready = [chooseDefinition(item(), def({})), chooseDefinition(item(), IGNORE_DEFINITION)];
    expect(canSubmitMapping(ready)).toBe(true);
    expect(canSubmitMapping([...ready, item()])).toBe(false);
    expect(canSubmitMapping([])).toBe(false);
  });
});
