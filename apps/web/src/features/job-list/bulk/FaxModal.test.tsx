import type { FaxRecipient } from '@quill/core/contract/fax';
import { enUS } from '@quill/core/i18n/enUS';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, type FakeRequest, fakeApi } from '../../../app/testing/fakeApi';
import { testSession } from '../testing/jobListFixtures';
import { renderWithSession } from '../testing/renderWithSession';
import { FaxModal } from './FaxModal';

const F = enUS.fax;

function recipient(
  id: number,
  name: string,
  faxNumber: string,
  recipientType = 'Addressee',
  physicianId: number | null = null,
): FaxRecipient {
  return { id, name, faxNumber, recipientType, faxFlag: true, physicianId };
}

/** Jobs 41 and 483 of one facility: Dr Ann Lee is a contact of both, the others of job 41 only. */
const CONTACTS: Record<string, FaxRecipient[]> = {
  '41': [
    recipient(1, 'Dr Ann Lee', '555 0101', 'Addressee', 10),
    recipient(2, 'Dr Bo Ray', '555-BAD', 'CC', 11),
    recipient(3, 'Dr Cara Carbon', '555 0303', 'CC', 12),
    recipient(4, 'Noel Nofax', '', 'CC', 13),
  ],
  '483': [recipient(7, 'Dr Ann Lee', '555 0101', 'Addressee', 10)],
};
const PATIENTS = new Map([
  [41, 'Doe, Jane'],
  [483, 'Roe, Rick'],
]);
const contactsRoute = (request: FakeRequest) =>
  CONTACTS[new URL(request.url, 'http://x').searchParams.get('jobId') ?? ''] ?? [];

function renderFax({
  permissions = ['jobFax', 'adtView'] as string[],
  routes = {} as Record<string, unknown>,
  jobIds = [41, 483],
} = {}) {
  const api = fakeApi({ 'GET /api/jobs/getContactListForJob': contactsRoute, ...routes });
  const onClose = vi.fn();
  renderWithSession(
    <FaxModal jobIds={jobIds} csId="7" patients={PATIENTS} onClose={onClose} />,
    testSession({ permissions: permissions as never[] }),
  );
  const dialog = () => screen.getByRole('dialog', { name: F.title });
  const faxButton = () => within(dialog()).getByRole('button', { name: F.send });
  const group = (name: string) => within(dialog()).getByRole('group', { name });
  const job41 = () => group('Contacts of job 41 (Doe, Jane)');
  return { api, onClose, dialog, faxButton, group, job41 };
}

/** The recipient's row (its list item) in a group. */
const rowOf = (checkbox: HTMLElement) => checkbox.closest('li') as HTMLElement;

describe('Fax modal (spec 01 §5, §7, §9)', () => {
  it("lists each selected job's own contacts under its job and patient; a choice in one job's list is for that job only", async () => {
    const { api, job41, group, dialog } = renderFax();
    const ann = await within(job41()).findByRole('checkbox', { name: 'Dr Ann Lee 555 0101' });
    const job483 = group('Contacts of job 483 (Roe, Rick)');
    const annOn483 = await within(job483).findByRole('checkbox', { name: 'Dr Ann Lee 555 0101' });
    expect(api.calls.map((c) => c.url).sort()).toEqual([
      '/api/jobs/getContactListForJob?jobId=41',
      '/api/jobs/getContactListForJob?jobId=483',
    ]);
    // Job 483 lists only its own contact.
    expect(within(job483).getAllByRole('checkbox')).toHaveLength(1);
    // Each job goes only to those chosen in its own list: no contact is marked, and Dr Lee chosen
    // for job 41 is not chosen for job 483.
    expect(within(dialog()).getByRole('radio', { name: F.modePerJob })).toHaveProperty('checked', true);
    expect(within(dialog()).queryAllByTestId('fax-not-contact')).toHaveLength(0);
    fireEvent.click(ann);
    await waitFor(() => expect((ann as HTMLInputElement).checked).toBe(true));
    expect((annOn483 as HTMLInputElement).checked).toBe(false);
    expect(within(dialog()).getByTestId('fax-selected-count').textContent).toBe('1 recipient selected');
    expect(
      within(within(dialog()).getByTestId('fax-plan'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Dr Ann Lee (555 0101): job 41 (Doe, Jane)']);
    expect(within(dialog()).getByTestId('fax-plan-not-faxed').textContent).toBe(
      'Not faxed (no recipient chosen): job 483 (Roe, Rick)',
    );
  });

  it('sent together, marks who is not a contact of every job and checks one person in every list', async () => {
    const { job41, group, dialog } = renderFax();
    const ann = await within(job41()).findByRole('checkbox', { name: 'Dr Ann Lee 555 0101' });
    fireEvent.click(within(dialog()).getByRole('radio', { name: F.modeTogether }));
    const carbon = within(job41()).getByRole('checkbox', { name: 'Dr Cara Carbon 555 0303' });
    const mark = await within(rowOf(carbon)).findByTestId('fax-not-contact');
    expect(mark.textContent).toBe('Not a contact of job 483');
    expect(carbon.getAttribute('aria-describedby')).toContain(mark.id);
    expect(within(rowOf(ann)).queryByTestId('fax-not-contact')).toBeNull();
    fireEvent.click(ann);
    const job483 = group('Contacts of job 483 (Roe, Rick)');
    await waitFor(() =>
      expect(
        (within(job483).getByRole('checkbox', { name: 'Dr Ann Lee 555 0101' }) as HTMLInputElement).checked,
      ).toBe(true),
    );
    expect(
      within(within(dialog()).getByTestId('fax-plan'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Dr Ann Lee (555 0101): job 41 (Doe, Jane), job 483 (Roe, Rick)']);
  });

  it('marks an invalid number and keeps it unchecked; a recipient without a number says only that', async () => {
    const { job41, faxButton } = renderFax();
    const bo = await within(job41()).findByRole('checkbox', { name: 'Dr Bo Ray 555-BAD' });
    expect(bo.hasAttribute('disabled')).toBe(true);
    expect(
      within(rowOf(bo)).getByText(
        'The fax number of Dr Bo Ray is not valid: it must be digits (spaces are allowed).',
      ),
    ).toBeTruthy();
    const noel = within(job41()).getByRole('checkbox', { name: 'Noel Nofax' });
    expect(noel.hasAttribute('disabled')).toBe(true);
    const row = rowOf(noel);
    expect(within(row).getByText(F.noFaxNumber)).toBeTruthy();
    expect(within(row).queryByText(/not valid/)).toBeNull();
    expect(within(row).queryByText(F.invalid)).toBeNull();
    expect(document.getElementById(noel.getAttribute('aria-describedby')!.split(' ')[0]!)!.textContent).toBe(
      F.noFaxNumber,
    );
    // Fax needs a recipient.
    expect(faxButton().hasAttribute('disabled')).toBe(true);
  });

  it('names only job ids to an account that may not see patient names', async () => {
    const { group, faxButton, dialog } = renderFax({ permissions: ['jobFax'] });
    const job41 = group('Contacts of job 41');
    const carbon = await within(job41).findByRole('checkbox', { name: 'Dr Cara Carbon 555 0303' });
    fireEvent.click(within(dialog()).getByRole('radio', { name: F.modeTogether }));
    fireEvent.click(carbon);
    expect(group('Contacts of job 483')).toBeTruthy();
    fireEvent.click(faxButton());
    const confirm = await screen.findByTestId('fax-confirm-outside');
    expect(confirm.textContent).toContain('Dr Cara Carbon would receive job 483');
    expect(dialog().textContent).not.toMatch(/Doe|Roe/);
  });

  it('without jobFax says so, loads nothing and keeps Fax disabled', () => {
    const { api, faxButton } = renderFax({ permissions: [] });
    expect(screen.getByText(F.noPermission)).toBeTruthy();
    expect(faxButton().hasAttribute('disabled')).toBe(true);
    expect(api.calls).toHaveLength(0);
  });

  it('names its close button', async () => {
    const { dialog, job41 } = renderFax();
    await within(job41()).findByRole('checkbox', { name: 'Dr Ann Lee 555 0101' });
    expect(within(dialog()).getByRole('button', { name: F.close })).toBeTruthy();
  });

  it('adds a custom recipient only with first name, last name and a valid fax number; it is no job’s contact', async () => {
    const { dialog, job41 } = renderFax();
    await within(job41()).findByRole('checkbox', { name: 'Dr Ann Lee 555 0101' });
    const add = within(dialog()).getByRole('button', { name: F.add });
    expect(add.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog()).getByLabelText(F.customTitle), { target: { value: 'Dr' } });
    fireEvent.change(within(dialog()).getByLabelText(new RegExp(`^${F.firstName}`)), {
      target: { value: 'Cy' },
    });
    expect(screen.getByText(F.customRecipientInvalid)).toBeTruthy();
    fireEvent.change(within(dialog()).getByLabelText(new RegExp(`^${F.lastName}`)), {
      target: { value: 'Fox' },
    });
    const number = within(dialog()).getByLabelText(new RegExp(`^${F.faxNumber}`));
    fireEvent.change(number, { target: { value: '555 12x' } });
    expect(add.hasAttribute('disabled')).toBe(true);
    expect(document.getElementById('fax-custom-number-error')!.textContent).toBe(F.invalid);
    fireEvent.change(number, { target: { value: '555 1234' } });
    expect(add.hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText(F.customRecipientInvalid)).toBeNull();
    // Enter in the form adds, as Add does.
    fireEvent.submit(number.closest('form')!);
    // With two jobs going one by one, the jobs for a custom recipient are chosen explicitly.
    const jobs = await screen.findByRole('group', { name: 'Jobs for Dr Cy Fox' });
    const for41 = within(jobs).getByRole('checkbox', { name: 'Fax job 41 (Doe, Jane) to Dr Cy Fox' });
    const for483 = within(jobs).getByRole('checkbox', { name: 'Fax job 483 (Roe, Rick) to Dr Cy Fox' });
    expect([for41, for483].map((c) => (c as HTMLInputElement).checked)).toEqual([false, false]);
    expect((number as HTMLInputElement).value).toBe('');
    expect(within(rowOf(jobs)).getByTestId('fax-not-contact').textContent).toBe(
      'Not a contact of jobs 41, 483',
    );
    expect(within(dialog()).getByTestId('fax-selected-count').textContent).toBe('0 recipients selected');
    fireEvent.click(for483);
    await waitFor(() => expect((for483 as HTMLInputElement).checked).toBe(true));
    expect((for41 as HTMLInputElement).checked).toBe(false);
    expect(within(dialog()).getByTestId('fax-selected-count').textContent).toBe('1 recipient selected');
    // Faxing asks first, naming only the job chosen for it.
    fireEvent.click(within(dialog()).getByRole('button', { name: F.send }));
    const confirm = await screen.findByTestId('fax-confirm-outside');
    expect(
      within(confirm)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Dr Cy Fox would receive job 483 (Roe, Rick)']);
  });

  it('searches users 300 ms after typing, shows 3, then "and N other users"', async () => {
    const found = [1, 2, 3, 4, 5].map((i) =>
      recipient(100 + i, `User ${i}`, `555000${i}`, 'Physician', 100 + i),
    );
    // One job: a user found is added chosen for it.
    const { api, job41 } = renderFax({ routes: { 'GET /api/jobs/Dictators': found }, jobIds: [41] });
    await within(job41()).findByRole('checkbox', { name: 'Dr Ann Lee 555 0101' });
    const input = screen.getByTestId('fax-search');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'us' } });
    fireEvent.change(input, { target: { value: 'use' } });
    // Nothing is asked while the typing goes on (300 ms debounce).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(api.called()).not.toContain('GET /api/jobs/Dictators');
    expect(await screen.findByText('and 2 other users')).toBeTruthy();
    const options = screen.getAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(['User 15550001', 'User 25550002', 'User 35550003']);
    // One search, for the text the typing stopped at.
    expect(api.calls.filter((c) => c.path === '/api/jobs/Dictators').map((c) => c.url)).toEqual([
      '/api/jobs/Dictators?q=use&csid=7',
    ]);
    fireEvent.click(options[1]!);
    const picked = await screen.findByRole('checkbox', { name: 'User 2 5550002' });
    expect((picked as HTMLInputElement).checked).toBe(true);
  });

  it('a user found by search who is a contact is that contact, not an outsider', async () => {
    const found = [recipient(10, 'Dr Ann Lee', '555 0101', 'Physician', 10)];
    const { job41, dialog } = renderFax({ routes: { 'GET /api/jobs/Dictators': found } });
    await within(job41()).findByRole('checkbox', { name: 'Dr Ann Lee 555 0101' });
    const input = screen.getByTestId('fax-search');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'lee' } });
    fireEvent.click(await screen.findByRole('option', { name: /Dr Ann Lee/, hidden: true }));
    await waitFor(() =>
      expect(within(dialog()).getByTestId('fax-selected-count').textContent).toBe('1 recipient selected'),
    );
    expect(within(dialog()).queryByRole('group', { name: F.added })).toBeNull();
  });

  it('faxes each job only to those chosen in its own list, numbers without spaces, then says it is queued', async () => {
    const { api, onClose, faxButton, job41, group } = renderFax({
      routes: { 'POST /api/jobs/Fax': { success: true, text: 'queued' } },
    });
    fireEvent.click(await within(job41()).findByRole('checkbox', { name: 'Dr Cara Carbon 555 0303' }));
    const job483 = group('Contacts of job 483 (Roe, Rick)');
    fireEvent.click(await within(job483).findByRole('checkbox', { name: 'Dr Ann Lee 555 0101' }));
    fireEvent.click(faxButton());
    expect(await screen.findByText(F.queued)).toBeTruthy();
    // Each is a contact of the job chosen for it: no question.
    expect(screen.queryByTestId('fax-confirm-outside')).toBeNull();
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      jobIds: [41, 483],
      recipients: [
        {
          id: 1,
          name: 'Dr Ann Lee',
          faxNumber: '5550101',
          recipientType: 'Addressee',
          faxFlag: true,
          jobIds: [483],
        },
        {
          id: 3,
          name: 'Dr Cara Carbon',
          faxNumber: '5550303',
          recipientType: 'CC',
          faxFlag: true,
          jobIds: [41],
        },
      ],
      requestKey: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('sends a contact of every job both jobs in one fax when the jobs go together', async () => {
    const { api, faxButton, job41, dialog } = renderFax({
      routes: { 'POST /api/jobs/Fax': { success: true, text: 'queued' } },
    });
    const ann = await within(job41()).findByRole('checkbox', { name: 'Dr Ann Lee 555 0101' });
    fireEvent.click(within(dialog()).getByRole('radio', { name: F.modeTogether }));
    fireEvent.click(ann);
    fireEvent.click(faxButton());
    expect(await screen.findByText(F.queued)).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      jobIds: [41, 483],
      recipients: [
        { id: 1, name: 'Dr Ann Lee', faxNumber: '5550101', recipientType: 'Addressee', faxFlag: true },
      ],
      together: true,
      requestKey: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
  });

  it('asks before a job goes outside its contacts, naming the jobs and patients; Back sends nothing', async () => {
    const { api, onClose, faxButton, job41, dialog } = renderFax({
      routes: { 'POST /api/jobs/Fax': { success: true, text: 'queued' } },
    });
    const carbon = await within(job41()).findByRole('checkbox', { name: 'Dr Cara Carbon 555 0303' });
    fireEvent.click(within(dialog()).getByRole('radio', { name: F.modeTogether }));
    fireEvent.click(carbon);
    fireEvent.click(within(job41()).getByRole('checkbox', { name: 'Dr Ann Lee 555 0101' }));
    fireEvent.click(faxButton());
    const confirm = await screen.findByTestId('fax-confirm-outside');
    expect(within(confirm).getByText(F.confirmTitle)).toBeTruthy();
    expect(
      within(confirm)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Dr Cara Carbon would receive job 483 (Roe, Rick)']);
    expect(document.activeElement).toBe(confirm);
    expect(api.called()).not.toContain('POST /api/jobs/Fax');
    fireEvent.click(screen.getByRole('button', { name: F.confirmBack }));
    expect(screen.queryByTestId('fax-confirm-outside')).toBeNull();
    expect(screen.getByTestId('fax-selected-count').textContent).toBe('2 recipients selected');
    expect(api.called()).not.toContain('POST /api/jobs/Fax');

    fireEvent.click(faxButton());
    fireEvent.click(await screen.findByRole('button', { name: F.confirmSend }));
    expect(await screen.findByText(F.queued)).toBeTruthy();
    const posts = api.calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toMatchObject({ jobIds: [41, 483], together: true, confirmOutsideContacts: true });
    expect((posts[0]!.body as { recipients: { id: number }[] }).recipients.map((r) => r.id)).toEqual([1, 3]);
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's text when the fax is refused, and the generic message when the call fails", async () => {
    let answer: unknown = { success: false, text: 'The fax service is paused' };
    const { onClose, faxButton, job41 } = renderFax({
      routes: { 'POST /api/jobs/Fax': () => answer },
    });
    fireEvent.click(await within(job41()).findByRole('checkbox', { name: 'Dr Ann Lee 555 0101' }));
    fireEvent.click(faxButton());
    expect(await screen.findByText('The fax service is paused')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    answer = apiError(409, 'outside_contacts', 'Dr Ann Lee is not a contact of job 483.');
    await waitFor(() => expect(faxButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(faxButton());
    expect(await screen.findByText('Dr Ann Lee is not a contact of job 483.')).toBeTruthy();
    answer = apiError(500, 'internal', 'boom');
    await waitFor(() => expect(faxButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(faxButton());
    expect(await screen.findByText(F.failed)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends a request again with the key it carried (issue 41), another request with a new key', async () => {
    let answer: unknown = apiError(503, 'database_unavailable', 'Quill cannot reach its database');
    const { api, faxButton, job41 } = renderFax({ routes: { 'POST /api/jobs/Fax': () => answer } });
    const keys = () =>
      api.calls.filter((c) => c.method === 'POST').map((c) => (c.body as { requestKey: string }).requestKey);
    fireEvent.click(await within(job41()).findByRole('checkbox', { name: 'Dr Ann Lee 555 0101' }));
    fireEvent.click(faxButton());
    expect(await screen.findByText(F.failed)).toBeTruthy();
    await waitFor(() => expect(faxButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(faxButton());
    await waitFor(() => expect(keys()).toHaveLength(2));
    expect(keys()[1]).toBe(keys()[0]);
    await waitFor(() => expect(faxButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(within(job41()).getByRole('checkbox', { name: 'Dr Cara Carbon 555 0303' }));
    answer = { success: true, text: 'queued' };
    fireEvent.click(faxButton());
    await waitFor(() => expect(keys()).toHaveLength(3));
    expect(keys()[2]).not.toBe(keys()[0]);
  });
});
