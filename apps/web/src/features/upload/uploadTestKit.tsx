import {
  ADT_DATA_TYPES,
  COMPOSITE_NAME_DEFINITION,
  type HeadingMappingItem,
  IGNORE_DEFINITION,
  type MappingDefinition,
  type ValidateHeadingsResponse,
} from '@quill/core/contract/schedule';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { FakeXhr } from '../../test/fakeXhr';

/*
 * What the tests of the upload pages (Schedule Upload, Patient Upload) share: a facility, two
 * definitions, a validated file of three headings, and the steps a user takes on the page.
 */

export const COMPANY = {
  id: 31,
  name: 'Dunmore Vale Family Clinic',
  displayValue: 'Dunmore Vale Family Clinic (31)',
};

export const MRN: MappingDefinition = {
  columnHeading: 'MRN',
  segmentName: 'PID',
  segmentType: 1,
  fieldIndex: 3,
  componentIndex: 1,
  isDateTime: false,
  dataType: ADT_DATA_TYPES.string,
};
export const DOB: MappingDefinition = {
  columnHeading: 'DOB',
  segmentName: 'PID',
  segmentType: 1,
  fieldIndex: 7,
  componentIndex: 1,
  isDateTime: true,
  dataType: ADT_DATA_TYPES.date,
};

export function item(
  fileHeading: string,
  sample: string,
  over: Partial<HeadingMappingItem> = {},
): HeadingMappingItem {
  return {
    fileHeading,
    sample,
    adtDefinition: null,
    dateTimeFormat: null,
    compositeColumnFormat: null,
    isIgnored: false,
    isSubField: false,
    splitTimeHeading: null,
    ...over,
  };
}

/** Three headings: the MRN prefilled, the birth date and the name not yet mapped. */
export const VALIDATED: ValidateHeadingsResponse = {
  fileName: 'schedule.csv',
  revisedFileName: 'f3a9.csv',
  totalRows: 2,
  mappingItems: [
    item('Patient ID', '02012345', { adtDefinition: MRN }),
    item('Birth', '01/02/1980'),
    item('Name', 'Clarke, Hannah'),
  ],
  mappingsExist: false,
  sampleDataTable: {
    headings: ['Patient ID', 'Birth', 'Name'],
    rows: [
      ['02012345', '01/02/1980', 'Clarke, Hannah'],
      ['02012346', '03/04/1975', 'Okafor, Ben'],
    ],
  },
  adtDefinitions: [IGNORE_DEFINITION, COMPOSITE_NAME_DEFINITION, MRN, DOB],
  dateFormats: ['MM/dd/yyyy', 'yyyy-MM-dd'],
};

export async function choose(label: string, option: string) {
  fireEvent.click(await screen.findByRole('combobox', { name: new RegExp(`^${label}`) }));
  // The dropdown is still in its opening transition in jsdom: its options count as hidden.
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

export function chooseFile(file: File) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

export const submitButton = () => screen.getByRole('button', { name: 'Submit' });

/** Step 1 filled: the facility searched and chosen, a file and the action Update. */
export async function fillStep1(title = 'Schedule Upload') {
  await screen.findByRole('heading', { name: title });
  const facility = await screen.findByRole('combobox', { name: /^Client facility/ });
  // Mantine ignores changes to an unfocused input.
  act(() => facility.focus());
  fireEvent.change(facility, { target: { value: 'Dun' } });
  // Searched 300 ms after the typing stops.
  fireEvent.click(await screen.findByRole('option', { name: COMPANY.displayValue, hidden: true }));
  chooseFile(new File(['Patient ID,Birth,Name\n'], 'schedule.csv', { type: 'text/csv' }));
  await choose('Action', 'Update');
}

/** Step 1 filled and validated: on step 2. */
export async function toStep2(validated = VALIDATED, title = 'Schedule Upload') {
  await fillStep1(title);
  fireEvent.click(submitButton());
  await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
  act(() => FakeXhr.sent[0]!.reply(200, validated));
  await screen.findByText('Heading 1 of 3');
}

export const headingButton = (heading: string) =>
  screen.getAllByTestId('sample-heading').find((b) => b.textContent?.includes(heading))!;
export const dotOf = (heading: string) =>
  within(headingButton(heading)).getByRole('img').getAttribute('aria-label');

/** Maps Birth to DOB with a format and Name to the composite name with a format. */
export async function mapAll() {
  fireEvent.click(headingButton('Birth'));
  expect(await screen.findByText('Heading 2 of 3')).toBeTruthy();
  await choose('ADT definition', 'DOB (PID 7.1)');
  await choose('Date format', 'MM/dd/yyyy');
  fireEvent.click(screen.getByRole('button', { name: 'Next Heading' }));
  await screen.findByText('Heading 3 of 3');
  await choose('ADT definition', 'Patient Name (composite) (PID 5)');
  await choose('Composite name format', 'LastName, FirstName MiddleName');
}
