import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FakeRequest, fakeApi } from '../../../app/testing/fakeApi';
import { renderWithSession } from '../../job-list/testing/renderWithSession';
import { DepartmentsSection } from './DepartmentsSection';

const FACILITY = {
  id: 7,
  name: 'Riverside Clinic',
  corporateStructureId: 1,
  corporateStructure: 'Meridian Valley Health',
};

describe('Reference data ▸ Departments', () => {
  it('adds a department: a name taken ignoring case is refused before sending, Escape closes the form', async () => {
    const added: FakeRequest[] = [];
    const api = fakeApi({
      'GET /api/reference/7/departments': { departments: [{ id: 1, name: 'Cardiology' }] },
      'POST /api/reference/7/departments': (r: FakeRequest) => {
        added.push(r);
        return { id: 2, name: 'Oncology' };
      },
    });
    renderWithSession(<DepartmentsSection facility={FACILITY} canEdit />);
    const add = await screen.findByRole('button', { name: 'Add department' });
    fireEvent.click(add);
    let dialog = await screen.findByRole('dialog', { name: 'Add a department' });
    fireEvent.keyDown(within(dialog).getByLabelText(/^Name/), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(add);
    dialog = await screen.findByRole('dialog', { name: 'Add a department' });
    const name = within(dialog).getByLabelText(/^Name/);
    fireEvent.change(name, { target: { value: ' cardiology ' } });
    fireEvent.submit(name.closest('form')!);
    expect(
      await within(dialog).findByText('This facility already has a department named Cardiology.'),
    ).toBeTruthy();
    expect(added).toEqual([]);
    fireEvent.change(name, { target: { value: 'Oncology' } });
    fireEvent.submit(name.closest('form')!);
    expect(await screen.findByText('The department Oncology was added.')).toBeTruthy();
    expect(added[0]!.body).toEqual({ name: 'Oncology' });
    expect(api.called().filter((c) => c.startsWith('GET'))).toHaveLength(2);
  });

  it('is read-only without dictatorAdd', async () => {
    fakeApi({ 'GET /api/reference/7/departments': { departments: [{ id: 1, name: 'Cardiology' }] } });
    renderWithSession(<DepartmentsSection facility={FACILITY} canEdit={false} />);
    const table = await screen.findByRole('table', { name: 'Departments of Riverside Clinic' });
    expect(within(table).getByText('Cardiology')).toBeTruthy();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});
