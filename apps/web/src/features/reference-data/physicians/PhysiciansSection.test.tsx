import type { DirectoryPhysician, DirectoryRow } from '@quill/core/contract/physicianDirectory';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, type FakeRequest, fakeApi } from '../../../app/testing/fakeApi';
import { renderWithSession } from '../../job-list/testing/renderWithSession';
import { PhysiciansSection } from './PhysiciansSection';

const FACILITY = {
  id: 5,
  name: 'Riverside Clinic',
  corporateStructureId: 1,
  corporateStructure: 'Meridian Valley Health',
};

const row = (over: Partial<DirectoryRow>): DirectoryRow => ({
  id: 1,
  prefix: null,
  firstName: 'Gregory',
  middleInitial: null,
  lastName: 'House',
  suffix: null,
  credentials: 'MD',
  specialty: 'Diagnostics',
  accessCode: 'GH1',
  fax: '201 555 0100',
  distributionMethod: 'fax',
  isDictator: true,
  allFacilities: false,
  disabled: false,
  mergedInto: null,
  ...over,
});
const HOUSE = row({});
const HOUSSE = row({
  id: 2,
  lastName: 'Housse',
  firstName: 'Greg',
  accessCode: null,
  fax: null,
  distributionMethod: 'print',
});
const CUDDY = row({
  id: 3,
  lastName: 'Cuddy',
  firstName: 'Lisa',
  allFacilities: true,
  disabled: true,
  accessCode: 'LC1',
});
const OLD = row({
  id: 4,
  lastName: 'Hous',
  firstName: 'G',
  disabled: true,
  mergedInto: { id: 1, name: 'House, Gregory' },
});
const details = (r: DirectoryRow): DirectoryPhysician => ({
  ...r,
  jobTitle: null,
  email: null,
  addressLine1: null,
  addressLine2: null,
  addressLine3: null,
  addressLine4: null,
  country: null,
  postalCode: null,
});
const page = (rows: DirectoryRow[]) => ({ rows, total: rows.length, page: 1, pageSize: 10 });
const directory = (r: FakeRequest) => {
  const q = new URL(r.url, 'http://quill.test').searchParams.get('q');
  const all = [CUDDY, OLD, HOUSE, HOUSSE];
  return page(q ? all.filter((p) => p.lastName.toLowerCase().startsWith(q.toLowerCase())) : all);
};

describe('Reference data ▸ Physicians', () => {
  it('is read-only without dictatorAdd: the directory, its status in words, no actions', async () => {
    const api = fakeApi({ 'GET /api/reference/5/physicians': directory });
    renderWithSession(<PhysiciansSection facility={FACILITY} canEdit={false} />);
    const table = await screen.findByRole('table', { name: 'Physicians' });
    const cells = (name: string) =>
      within(within(table).getByText(name).closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('Cuddy, Lisa')).toEqual([
      'Cuddy, LisaAll facilities',
      'MD',
      'Diagnostics',
      'LC1',
      '201 555 0100',
      'Fax',
      'Yes',
      'Disabled',
    ]);
    expect(cells('Hous, G').at(-1)).toBe('Merged into House, Gregory');
    expect(cells('Housse, Greg').slice(5)).toEqual(['Print', 'Yes', 'Enabled']);
    expect(screen.queryByRole('button', { name: 'Add physician' })).toBeNull();
    expect(within(table).queryAllByRole('button')).toEqual([]);

    fireEvent.change(screen.getByLabelText('Name (Last, First)'), { target: { value: 'Hou' } });
    fireEvent.change(screen.getByLabelText('Access code'), { target: { value: 'gh' } });
    fireEvent.submit(screen.getByLabelText('Access code').closest('form')!);
    await waitFor(() => expect(api.calls.at(-1)!.url).toContain('q=Hou'));
    expect(api.calls.at(-1)!.url).toContain('accessCode=gh');
  });

  it('adds a physician: fax without a number is refused before sending, the server’s 409 shows in the form', async () => {
    const sent: FakeRequest[] = [];
    fakeApi({
      'GET /api/reference/5/physicians': directory,
      'POST /api/reference/5/physicians': (r: FakeRequest) => {
        sent.push(r);
        return sent.length === 1
          ? apiError(409, 'duplicate_access_code', 'Duplicate access code')
          : details(row({ id: 9, lastName: 'Foreman', firstName: 'Eric' }));
      },
    });
    renderWithSession(<PhysiciansSection facility={FACILITY} canEdit />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add physician' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a physician' });
    fireEvent.change(within(dialog).getByLabelText(/^Last Name/), { target: { value: 'Foreman' } });
    fireEvent.change(within(dialog).getByLabelText('First Name'), { target: { value: 'Eric' } });
    fireEvent.change(within(dialog).getByLabelText('Access Code'), { target: { value: 'gh1' } });
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Distribution' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Fax', hidden: true }));
    fireEvent.click(within(dialog).getByLabelText('Listed for every facility of Meridian Valley Health'));
    const save = within(dialog).getByRole('button', { name: 'Save' });
    fireEvent.click(save);
    expect(
      await within(dialog).findByText('Fax distribution needs a fax number, for example 973 555 0188.'),
    ).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Fax'), { target: { value: '201 555 0142' } });
    fireEvent.click(save);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Duplicate access code');
    expect(sent[0]!.body).toMatchObject({
      lastName: 'Foreman',
      firstName: 'Eric',
      accessCode: 'gh1',
      fax: '201 555 0142',
      distributionMethod: 'fax',
      isDictator: false,
      allFacilities: true,
    });
    fireEvent.change(within(dialog).getByLabelText('Access Code'), { target: { value: 'EF1' } });
    fireEvent.click(save);
    expect(await screen.findByText('Foreman, Eric was added to the directory.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('edits a physician with its stored details, and disables one in a click', async () => {
    const sent: FakeRequest[] = [];
    fakeApi({
      'GET /api/reference/5/physicians': directory,
      'GET /api/reference/5/physicians/1': { ...details(HOUSE), email: 'house@ppth.example' },
      'POST /api/reference/5/physicians/1': (r: FakeRequest) => {
        sent.push(r);
        return details(HOUSE);
      },
      'POST /api/reference/5/physicians/2/disable': (r: FakeRequest) => {
        sent.push(r);
        return details({ ...HOUSSE, disabled: true });
      },
    });
    renderWithSession(<PhysiciansSection facility={FACILITY} canEdit />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit House, Gregory' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit House, Gregory' });
    const credentials = await within(dialog).findByLabelText('Credentials');
    expect(credentials).toHaveProperty('value', 'MD');
    expect(within(dialog).getByLabelText('Email')).toHaveProperty('value', 'house@ppth.example');
    fireEvent.change(credentials, { target: { value: 'MD, PhD' } });
    fireEvent.submit(credentials.closest('form')!);
    expect(await screen.findByText('The physician was saved.')).toBeTruthy();
    expect(sent[0]!.body).toMatchObject({
      lastName: 'House',
      credentials: 'MD, PhD',
      distributionMethod: 'fax',
      isDictator: true,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Disable Housse, Greg' }));
    expect(
      await screen.findByText('Housse, Greg is disabled: no search offers them for a new choice any more.'),
    ).toBeTruthy();
    expect(sent[1]!.path).toBe('/api/reference/5/physicians/2/disable');
    // A merged physician stays disabled: it offers no Enable, and a disabled one no Merge.
    expect(screen.queryByRole('button', { name: 'Enable Hous, G' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Enable Cuddy, Lisa' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Merge a duplicate into Cuddy, Lisa' })).toBeNull();
  });

  it('merges a duplicate chosen by search, after saying what a merge does and that it cannot be undone', async () => {
    const merged: FakeRequest[] = [];
    fakeApi({
      'GET /api/reference/5/physicians': directory,
      'POST /api/reference/5/physicians/1/merge': (r: FakeRequest) => {
        merged.push(r);
        return {
          kept: details(HOUSE),
          duplicate: details({ ...HOUSSE, disabled: true, mergedInto: { id: 1, name: 'House, Gregory' } }),
          moved: {
            dictatorJobs: 3,
            dictatedForJobs: 1,
            adtJobs: 0,
            orders: 0,
            recipients: 2,
            foldedRecipients: 0,
            accounts: 1,
            earlierMerges: 0,
          },
        };
      },
    });
    renderWithSession(<PhysiciansSection facility={FACILITY} canEdit />);
    const open = await screen.findByRole('button', { name: 'Merge a duplicate into House, Gregory' });
    fireEvent.click(open);
    let dialog = await screen.findByRole('dialog', { name: 'Merge a duplicate into this physician' });
    fireEvent.keyDown(within(dialog).getByLabelText('Find the duplicate (Last, First)'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(open);
    dialog = await screen.findByRole('dialog', { name: 'Merge a duplicate into this physician' });
    expect(within(dialog).getByText('Kept: House, Gregory')).toBeTruthy();
    const search = within(dialog).getByLabelText('Find the duplicate (Last, First)');
    fireEvent.change(search, { target: { value: 'hous' } });
    fireEvent.submit(search.closest('form')!);
    const found = await within(dialog).findByRole('table', { name: 'Possible duplicates' });
    // Neither the kept physician nor one merged already is offered.
    expect(within(found).queryByText('House, Gregory')).toBeNull();
    expect(within(found).queryByText('Hous, G')).toBeNull();
    fireEvent.click(within(found).getByRole('button', { name: 'Choose Housse, Greg as the duplicate' }));
    expect(within(dialog).getByText(/A merge cannot be undone\./).textContent).toContain(
      'Every job, recipient, patient-data physician and user account that names Housse, Greg will name House, Gregory instead.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge Housse, Greg into House, Gregory' }));
    expect(
      await screen.findByText(
        'Housse, Greg was merged into House, Gregory: 4 job references, 2 recipients and 1 accounts moved.',
      ),
    ).toBeTruthy();
    expect(merged[0]!.body).toEqual({ duplicateId: 2 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
