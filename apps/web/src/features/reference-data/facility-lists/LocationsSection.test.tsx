import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, type FakeRequest, fakeApi } from '../../../app/testing/fakeApi';
import { renderWithSession } from '../../job-list/testing/renderWithSession';
import { LocationsSection } from './LocationsSection';

const FACILITY = {
  id: 7,
  name: 'Riverside Clinic',
  corporateStructureId: 1,
  corporateStructure: 'Meridian Valley Health',
};
const LOCATIONS = [
  { id: 1, code: 'ER', name: 'Emergency', auto: true },
  { id: 2, code: 'W1', name: 'Ward 1', auto: false },
];

describe('Reference data ▸ Locations', () => {
  it('lists code, name and the automatic flag in words, and edits a location', async () => {
    const saved: FakeRequest[] = [];
    fakeApi({
      'GET /api/reference/7/locations': { locations: LOCATIONS },
      'POST /api/reference/7/locations/2': (r: FakeRequest) => {
        saved.push(r);
        return { id: 2, code: 'W1A', name: 'Ward 1A', auto: true };
      },
    });
    renderWithSession(<LocationsSection facility={FACILITY} canEdit />);
    const table = await screen.findByRole('table', { name: 'Locations of Riverside Clinic' });
    const row = within(table).getByText('Ward 1').closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(0, 3),
    ).toEqual(['W1', 'Ward 1', 'No']);
    fireEvent.click(within(row).getByRole('button', { name: 'Edit W1 Ward 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit location W1' });
    const code = within(dialog).getByLabelText(/^Code/);
    fireEvent.change(code, { target: { value: 'er' } });
    fireEvent.submit(code.closest('form')!);
    expect(
      await within(dialog).findByText('This facility already has a location with the code ER.'),
    ).toBeTruthy();
    fireEvent.change(code, { target: { value: 'W1A' } });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Ward 1A' } });
    fireEvent.click(within(dialog).getByLabelText(/^Automatic/));
    fireEvent.submit(code.closest('form')!);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.body).toEqual({ code: 'W1A', name: 'Ward 1A', auto: true });
    expect(await screen.findByText('The location W1A was saved.')).toBeTruthy();
  });

  it('shows why a location in use cannot be deleted', async () => {
    fakeApi({
      'GET /api/reference/7/locations': { locations: LOCATIONS },
      'POST /api/reference/7/locations/1/delete': apiError(
        409,
        'in_use',
        'The location cannot be deleted: a job uses it.',
      ),
    });
    renderWithSession(<LocationsSection facility={FACILITY} canEdit />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete ER Emergency' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete location' });
    expect(within(dialog).getByText('Delete the location ER Emergency?')).toBeTruthy();
    fireEvent.submit(within(dialog).getByRole('button', { name: 'Delete' }).closest('form')!);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The location cannot be deleted: a job uses it.',
    );
  });
});
