import type { FacilityWorkType } from '@quill/core/contract/facilityLists';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, type FakeRequest, fakeApi } from '../../../app/testing/fakeApi';
import { renderWithSession } from '../../job-list/testing/renderWithSession';
import { WorkTypesSection } from './WorkTypesSection';

const FACILITY = {
  id: 7,
  name: 'Riverside Clinic',
  corporateStructureId: 1,
  corporateStructure: 'Meridian Valley Health',
};

const wt = (over: Partial<FacilityWorkType>): FacilityWorkType => ({
  id: 1,
  number: 101,
  name: 'Progress Note',
  enableAddressee: true,
  minAddressees: 0,
  maxAddressees: 2,
  allowPatientAsRecipient: true,
  shared: true,
  ...over,
});

const LIST = [
  wt({}),
  wt({ id: 2, number: 102, name: 'History and Physical', minAddressees: 1, maxAddressees: 3 }),
  wt({ id: 3, number: 201, name: 'Pre-Admission Testing', maxAddressees: null, shared: false }),
  wt({ id: 4, number: 202, name: 'Letter', enableAddressee: false, maxAddressees: null, shared: false }),
];

function renderSection(canEdit: boolean, routes: Record<string, unknown> = {}) {
  const api = fakeApi({ 'GET /api/reference/7/workTypes': { workTypes: LIST }, ...routes });
  renderWithSession(<WorkTypesSection facility={FACILITY} canEdit={canEdit} />);
  const table = () => screen.getByRole('table', { name: 'Work types of Riverside Clinic' });
  const row = (name: string) => within(table()).getByText(name).closest('tr') as HTMLElement;
  return { api, table, row };
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('Reference data ▸ Work types', () => {
  it('lists each work type with its limits as the Recipients card says them, and whether the structure shares it', async () => {
    const { table, row } = renderSection(false);
    await screen.findByRole('table', { name: 'Work types of Riverside Clinic' });
    expect(cells(row('History and Physical'))).toEqual([
      '102',
      'History and Physical',
      '1 to 3 required',
      'Yes',
      'Whole structure',
    ]);
    expect(cells(row('Pre-Admission Testing'))).toEqual([
      '201',
      'Pre-Admission Testing',
      'No limits',
      'Yes',
      'This facility',
    ]);
    expect(cells(row('Letter'))[2]).toBe('Not allowed');
    // Read-only without dictatorAdd: no Add, Edit or Delete.
    expect(screen.queryByRole('button', { name: 'Add work type' })).toBeNull();
    expect(within(table()).queryAllByRole('button')).toEqual([]);
  });

  it('edits a shared work type’s maximum: says it is shared, previews the hint, saves and reloads the list', async () => {
    const saved: FakeRequest[] = [];
    const { api, row } = renderSection(true, {
      'POST /api/reference/7/workTypes/1': (r: FakeRequest) => {
        saved.push(r);
        return { ...LIST[0], maxAddressees: 4 };
      },
    });
    await screen.findByRole('table');
    fireEvent.click(within(row('Progress Note')).getByRole('button', { name: 'Edit 101 Progress Note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit work type 101' });
    expect(within(dialog).getByTestId('shared-note').textContent).toBe(
      'Shared by every facility of Meridian Valley Health: a change applies to all of them, from the next time a job is opened.',
    );
    expect(within(dialog).getByTestId('hint-preview').textContent).toBe(
      'The Recipients card will say: Up to 2 allowed',
    );
    const max = within(dialog).getByLabelText(/^Maximum addressees/);
    fireEvent.change(max, { target: { value: '4' } });
    expect(within(dialog).getByTestId('hint-preview').textContent).toBe(
      'The Recipients card will say: Up to 4 allowed',
    );
    // Enter in a field submits the form.
    fireEvent.submit(max.closest('form')!);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.body).toEqual({
      number: 101,
      name: 'Progress Note',
      enableAddressee: true,
      minAddressees: 0,
      maxAddressees: 4,
      allowPatientAsRecipient: true,
    });
    expect(await screen.findByText('The work type 101 was saved.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit work type 101' })).toBeNull());
    expect(api.called().filter((c) => c === 'GET /api/reference/7/workTypes')).toHaveLength(2);
  });

  it('says what is wrong before sending, and shows the server’s refusal in the form', async () => {
    const { api } = renderSection(true, {
      'POST /api/reference/7/workTypes': apiError(
        409,
        'number_taken',
        'The number 301 is taken by the work type Sister. Choose another.',
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add work type' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a work type' });
    const field = (label: RegExp) => within(dialog).getByLabelText(label);
    fireEvent.change(field(/^Number/), { target: { value: '102' } });
    fireEvent.change(field(/^Name/), { target: { value: 'Consult' } });
    fireEvent.change(field(/^Minimum addressees/), { target: { value: '3' } });
    fireEvent.change(field(/^Maximum addressees/), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'The number 102 is taken by the work type History and Physical. Choose another.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('The maximum cannot be less than the minimum (3).')).toBeTruthy();
    expect(api.called()).not.toContain('POST /api/reference/7/workTypes');

    // Without addressees the limits are set aside (and cannot be typed).
    fireEvent.click(within(dialog).getByLabelText(/^Addressees allowed/));
    expect((field(/^Minimum addressees/) as HTMLInputElement).disabled).toBe(true);
    expect((field(/^Maximum addressees/) as HTMLInputElement).value).toBe('');
    expect(within(dialog).getByTestId('hint-preview').textContent).toBe(
      'The Recipients card will say: Addressees are disabled for this job',
    );
    fireEvent.change(field(/^Number/), { target: { value: '301' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The number 301 is taken by the work type Sister. Choose another.',
    );
    const sent = api.calls.find((c) => c.method === 'POST');
    expect(sent?.body).toMatchObject({
      number: 301,
      enableAddressee: false,
      minAddressees: 0,
      maxAddressees: null,
    });
  });

  it('asks before deleting, and says so when jobs use the work type', async () => {
    const { row } = renderSection(true, {
      'POST /api/reference/7/workTypes/3/delete': apiError(
        409,
        'in_use',
        'The work type cannot be deleted: 12 jobs use it.',
      ),
    });
    await screen.findByRole('table');
    fireEvent.click(
      within(row('Pre-Admission Testing')).getByRole('button', { name: 'Delete 201 Pre-Admission Testing' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete work type' });
    expect(within(dialog).getByText('Delete the work type 201 Pre-Admission Testing?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The work type cannot be deleted: 12 jobs use it.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete work type' })).toBeNull());
  });
});
