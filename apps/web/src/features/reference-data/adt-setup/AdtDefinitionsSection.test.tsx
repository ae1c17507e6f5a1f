import type { AdtItemRow } from '@quill/core/contract/adt/adtSetup';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, type FakeRequest, fakeApi } from '../../../app/testing/fakeApi';
import { renderWithSession } from '../../job-list/testing/renderWithSession';
import { AdtDefinitionsSection } from './AdtDefinitionsSection';
import { FACILITY, item } from './adtSetupFixtures';

const ITEMS: AdtItemRow[] = [
  item({}),
  item({
    id: 2,
    columnHeading: 'SSN',
    displayName: 'Social Security Number',
    fieldIndex: 19,
    key: 'PID.19.1',
    dataType: 3,
    ordinal: 9,
    mandatory: false,
    readOnly: false,
    replaced: true,
  }),
  item({
    id: 5,
    shared: false,
    columnHeading: 'SSN',
    displayName: 'SSN',
    fieldIndex: 19,
    key: 'PID.19.1',
    dataType: 3,
    ordinal: 9,
    mandatory: false,
    readOnly: false,
    highlighted: true,
  }),
  item({
    id: 3,
    columnHeading: 'Attending',
    displayName: 'Attending Physician',
    segmentName: 'PV1',
    segmentType: 1,
    fieldIndex: 7,
    key: 'PV1.7',
    source: 'visit',
    isPhysician: true,
    mandatory: false,
    readOnly: false,
    refreshOnEdit: true,
    follows: 'dictator',
  }),
];

function renderSection(canEdit: boolean, routes: Record<string, unknown> = {}) {
  const api = fakeApi({
    'GET /api/reference/7/adtDefinitions': { structure: 'Meridian Valley Health', items: ITEMS },
    ...routes,
  });
  renderWithSession(<AdtDefinitionsSection facility={FACILITY} canEdit={canEdit} />);
  const row = (name: string) =>
    within(screen.getByRole('table', { name: 'ADT data items of Riverside Clinic' }))
      .getByText(name)
      .closest('tr') as HTMLElement;
  return { api, row };
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('Reference data ▸ ADT data', () => {
  it('lists shared and own items with their address, type and settings in words', async () => {
    const { row } = renderSection(false);
    await screen.findByRole('table', { name: 'ADT data items of Riverside Clinic' });
    expect(cells(row('Patient ID (MRN)'))).toEqual([
      'Patient ID (MRN)',
      'MRN',
      'PID.3.1',
      'Patient',
      'Text',
      '1',
      'Mandatory, Read-only',
      'Structure (shared)',
    ]);
    expect(cells(row('Social Security Number')).at(-1)).toBe(
      'Structure (shared); Replaced here by this facility’s item',
    );
    expect(cells(row('Attending Physician')).slice(4)).toEqual([
      'Physician item',
      '1',
      'Refresh on edit, Follows: The dictator',
      'Structure (shared)',
    ]);
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
  });

  it('says a shared item changes for the whole structure, and saves what was changed', async () => {
    const { api } = renderSection(true, {
      'POST /api/reference/7/adtDefinitions/1': ({ body }: FakeRequest) =>
        item({ ...(body as Partial<AdtItemRow>), follows: null }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Patient ID (MRN)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Patient ID (MRN)' });
    expect(
      within(dialog).getByText(
        'This item belongs to the corporate structure Meridian Valley Health. Saving changes it for every facility of the structure, not only this one.',
      ),
    ).toBeTruthy();
    const name = within(dialog).getByLabelText(/^Display name/);
    fireEvent.change(name, { target: { value: 'MRN' } });
    fireEvent.click(within(dialog).getByLabelText('Highlighted'));
    fireEvent.submit(name.closest('form')!);
    await screen.findByText('The item MRN was saved.');
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      {
        displayName: 'MRN',
        ordinal: 1,
        mandatory: true,
        readOnly: true,
        highlighted: true,
        inOrderSummary: false,
        refreshOnEdit: false,
        follows: null,
      },
    ]);
  });

  it('adds an item of the facility; a heading it shows already is refused before asking the server', {
    timeout: 20_000,
  }, async () => {
    const { api } = renderSection(true, {
      'POST /api/reference/7/adtDefinitions': apiError(
        400,
        'invalid',
        'Segment ZZ does not hold this record’s values',
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an ADT data item to this facility' });
    const heading = within(dialog).getByLabelText(/^Column heading/);
    fireEvent.change(heading, { target: { value: 'mrn' } });
    fireEvent.change(within(dialog).getByLabelText(/^Display name/), { target: { value: 'Weight (kg)' } });
    fireEvent.change(within(dialog).getByLabelText(/^Segment/), { target: { value: 'zpi' } });
    fireEvent.change(within(dialog).getByLabelText(/^Field/), { target: { value: '1' } });
    fireEvent.submit(heading.closest('form')!);
    expect(
      await within(dialog).findByText(
        'This facility already shows an item with the column heading MRN (headings are unique ignoring case).',
      ),
    ).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(heading, { target: { value: 'Weight' } });
    fireEvent.submit(heading.closest('form')!);
    await within(dialog).findByText('Segment ZZ does not hold this record’s values');
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      {
        displayName: 'Weight (kg)',
        ordinal: 0,
        mandatory: false,
        readOnly: false,
        highlighted: false,
        inOrderSummary: false,
        refreshOnEdit: false,
        follows: null,
        columnHeading: 'Weight',
        segmentName: 'ZPI',
        segmentType: 0,
        fieldIndex: 1,
        componentIndex: 1,
        dataType: 4,
        isPhysician: false,
      },
    ]);
  });

  it('deletes only the facility’s own items, saying the structure’s item comes back', async () => {
    const { api, row } = renderSection(true, {
      'POST /api/reference/7/adtDefinitions/5/delete': { deleted: 5 },
    });
    await screen.findByRole('table', { name: 'ADT data items of Riverside Clinic' });
    expect(within(row('Patient ID (MRN)')).queryByRole('button', { name: /Delete/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete SSN' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete SSN' });
    expect(
      within(confirm).getByText(
        'Delete the item SSN (PID.19.1) of this facility? The corporate structure’s item at this address shows again in its place.',
      ),
    ).toBeTruthy();
    fireEvent.submit(within(confirm).getByRole('button', { name: 'Delete' }).closest('form')!);
    await screen.findByText('The item SSN was deleted.');
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/reference/7/adtDefinitions/5/delete',
    ]);
  });
});
