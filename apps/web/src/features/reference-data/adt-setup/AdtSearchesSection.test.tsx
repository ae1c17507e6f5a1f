import type { AdtSearchRow } from '@quill/core/contract/adt/adtSetup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../app/testing/fakeApi';
import { renderWithSession } from '../../job-list/testing/renderWithSession';
import { AdtSearchesSection } from './AdtSearchesSection';
import { FACILITY, item } from './adtSetupFixtures';

/** Opens a field's item list and picks an option of that list (each field has its own). */
async function choose(combobox: HTMLElement, option: string) {
  act(() => combobox.focus());
  fireEvent.click(combobox);
  await waitFor(() => expect(combobox.getAttribute('aria-controls')).toBeTruthy());
  const listbox = document.getElementById(combobox.getAttribute('aria-controls')!)!;
  fireEvent.click(within(listbox).getByRole('option', { name: option, hidden: true }));
}

const at = (segment: string, field: number, component: number) => ({ segment, field, component });
const SEARCHES: AdtSearchRow[] = [
  {
    id: 4,
    name: 'Patient search',
    identifier: 'patient',
    fields: [
      { name: 'MRN', type: 'string', hl7Identifier: at('PID', 3, 1), source: 'patient' },
      { name: 'Date of Birth', type: 'date', hl7Identifier: at('PID', 7, 1), source: 'patient' },
    ],
  },
  {
    id: 6,
    name: 'Visit search',
    identifier: 'visit',
    fields: [{ name: 'Visit Number', type: 'string', hl7Identifier: at('PID', 18, 1), source: 'visit' }],
  },
];
const ITEMS = [
  item({}),
  item({
    id: 2,
    displayName: 'Date of Birth',
    columnHeading: 'DOB',
    fieldIndex: 7,
    key: 'PID.7.1',
    dataType: 1,
  }),
  item({
    id: 3,
    displayName: 'Visit Number',
    columnHeading: 'VisitID',
    fieldIndex: 18,
    key: 'PID.18.1',
    source: 'visit',
  }),
  item({ id: 4, displayName: 'Last Name', columnHeading: 'LastName', fieldIndex: 5, key: 'PID.5.1' }),
];

function renderSection(canEdit: boolean, routes: Record<string, unknown> = {}) {
  const api = fakeApi({
    'GET /api/reference/7/adtSearches': { searches: SEARCHES },
    'GET /api/reference/7/adtDefinitions': { structure: 'Meridian Valley Health', items: ITEMS },
    ...routes,
  });
  renderWithSession(<AdtSearchesSection facility={FACILITY} canEdit={canEdit} />);
  return { api };
}

describe('Reference data ▸ ADT searches', () => {
  it('lists each search with its fields and their addresses; read-only without the permission', async () => {
    renderSection(false);
    const table = await screen.findByRole('table', { name: 'ADT searches of Riverside Clinic' });
    const row = within(table).getByText('Patient search').closest('tr') as HTMLElement;
    expect(within(row).getByText('MRN (PID.3.1), Date of Birth (PID.7.1)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add search' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit search/ })).toBeNull();
  });

  it('edits a search: adds a field chosen from the facility’s items, named after it, and saves with Enter', {
    timeout: 20_000,
  }, async () => {
    const { api } = renderSection(true, {
      'POST /api/reference/7/adtSearches/4': SEARCHES[0],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit search Patient search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit search Patient search' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a field' }));
    await choose(
      within(dialog).getByRole('combobox', { name: 'ADT item of field 3' }),
      'Last Name (PID.5.1)',
    );
    expect((within(dialog).getByLabelText(/^Label of field 3/) as HTMLInputElement).value).toBe('Last Name');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove field 2' }));
    const name = within(dialog).getByLabelText(/^Name/);
    fireEvent.submit(name.closest('form')!);
    await screen.findByText('The search Patient search was saved.');
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      {
        name: 'Patient search',
        identifier: 'patient',
        fields: [
          { name: 'MRN', hl7Identifier: at('PID', 3, 1) },
          { name: 'Last Name', hl7Identifier: at('PID', 5, 1) },
        ],
      },
    ]);
  });

  it('adds a search; a taken or malformed identifier is refused before asking, a refusal of the server shows', {
    timeout: 20_000,
  }, async () => {
    const { api } = renderSection(true, {
      'POST /api/reference/7/adtSearches': apiError(409, 'search_identifier_taken', 'Taken meanwhile.'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an ADT search' });
    const name = within(dialog).getByLabelText(/^Name/);
    const identifier = within(dialog).getByLabelText(/^Identifier/);
    fireEvent.change(name, { target: { value: 'By MRN' } });
    fireEvent.change(identifier, { target: { value: 'PATIENT' } });
    expect(
      within(dialog).getByText(
        'This facility already has a search with the identifier PATIENT (identifiers are unique ignoring case).',
      ),
    ).toBeTruthy();
    fireEvent.change(identifier, { target: { value: 'by mrn' } });
    expect(
      within(dialog).getByText('Enter an identifier of 1 to 40 letters, digits or . _ - characters.'),
    ).toBeTruthy();
    fireEvent.change(identifier, { target: { value: 'by-mrn' } });
    fireEvent.submit(name.closest('form')!);
    // No field chosen yet.
    expect(await within(dialog).findByText('Choose the ADT item of every field.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await choose(
      within(dialog).getByRole('combobox', { name: 'ADT item of field 1' }),
      'Patient ID (MRN) (PID.3.1)',
    );
    fireEvent.submit(name.closest('form')!);
    expect(await within(dialog).findByText('Taken meanwhile.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      {
        name: 'By MRN',
        identifier: 'by-mrn',
        fields: [{ name: 'Patient ID (MRN)', hl7Identifier: at('PID', 3, 1) }],
      },
    ]);
  });
});
