import { notifications } from '@mantine/notifications';
import type { Physician } from '@quill/core/contract/job';
import { enUS } from '@quill/core/i18n/enUS';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../app/testing/fakeApi';
import { physician } from '../details/testing';
import { PhysicianModal, type PhysicianModalProps } from './PhysicianModal';
import { addCustomInModal, chooseInModal, physicianScope, renderInScope, TURING } from './testing';
import type { PhysicianChoice } from './usePhysicianModal';

const m = enUS.physicianModal;
const HOPPER = physician();

type Options = Partial<Omit<PhysicianModalProps, 'opened' | 'onClose'>> & {
  scope?: Parameters<typeof physicianScope>[0];
  routes?: Record<string, unknown>;
};

/** Renders an Open button and the modal it opens; `onConfirm` records the choices. */
function setup(options: Options = {}) {
  const api = fakeApi({
    'GET /api/jobs/SearchPhysicians': [HOPPER, TURING],
    'POST /api/job/SavePhysician': { userId: 31 },
    ...options.routes,
  });
  const onConfirm = vi.fn((_: PhysicianChoice) => true);
  function Harness() {
    const [opened, setOpened] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpened(true)}>
          Open
        </button>
        <PhysicianModal
          searchFor="addressee"
          customAllowed
          onConfirm={onConfirm}
          {...options}
          opened={opened}
          onClose={() => setOpened(false)}
        />
      </>
    );
  }
  renderInScope(<Harness />, physicianScope(options.scope));
  const open = screen.getByRole('button', { name: 'Open' });
  act(() => open.focus());
  fireEvent.click(open);
  return { api, onConfirm };
}

const dialog = (name: string | RegExp) => screen.findByRole('dialog', { name });
const searchBox = () => screen.getByRole('combobox', { name: m.searchLabel }) as HTMLInputElement;
const searches = (api: ReturnType<typeof fakeApi>) =>
  api.calls.filter((c) => c.path === '/api/jobs/SearchPhysicians');
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

function type(input: HTMLElement, text: string) {
  act(() => input.focus());
  fireEvent.change(input, { target: { value: text } });
}

const chooseResult = async (name: string) => chooseInModal(screen.getByRole('dialog'), new RegExp(name), 'h');

beforeEach(() => {
  localStorage.clear();
  notifications.clean();
});

describe('Physician modal: search (spec 02 §2, §5, §9)', () => {
  it("is titled 'Search for <type>' and searches q 300 ms after typing stops; empty text searches nothing", async () => {
    const { api } = setup();
    await dialog('Search for Addressee');
    expect(searchBox().placeholder).toBe(m.searchPlaceholder);
    type(searchBox(), '   ');
    await act(() => new Promise((r) => setTimeout(r, 400)));
    expect(searches(api)).toHaveLength(0);
    type(searchBox(), 'Hop');
    const typedAt = Date.now();
    type(searchBox(), 'Hopper, Gr');
    expect(searches(api)).toHaveLength(0);
    await waitFor(() => expect(searches(api)).toHaveLength(1));
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(280);
    const url = new URL(searches(api)[0]!.url, 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      physicianSearchType: '3',
      companyId: '10',
      q: 'Hopper, Gr',
    });
    const list = await screen.findByRole('listbox', { name: m.results });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Dr Grace Hopper (GH7)Cardiology', 'Alan Turing']);
  });

  it('pins the current physician on top and lists at most 300 options', async () => {
    const many = Array.from({ length: 310 }, (_, i) => physician({ userId: 1000 + i, lastName: `Doe${i}` }));
    setup({ pinned: TURING, routes: { 'GET /api/jobs/SearchPhysicians': [TURING, ...many] } });
    await dialog('Search for Addressee');
    const pinned = screen.getByRole('option', { name: /Alan Turing/ });
    expect(pinned.textContent).toContain(m.pinned);
    type(searchBox(), 'Doe');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(300));
    expect(screen.getAllByRole('option')[0]).toBe(screen.getByRole('option', { name: /Alan Turing/ }));
  });

  it('chooses by keyboard: arrows move through the options, Enter chooses; Escape closes and the focus goes back', async () => {
    setup();
    await dialog('Search for Addressee');
    type(searchBox(), 'h');
    await screen.findAllByRole('option');
    fireEvent.keyDown(searchBox(), { key: 'ArrowDown' });
    fireEvent.keyDown(searchBox(), { key: 'ArrowDown' });
    const active = searchBox().getAttribute('aria-activedescendant');
    expect(document.getElementById(active!)?.textContent).toBe('Alan Turing');
    fireEvent.keyDown(searchBox(), { key: 'Enter' });
    await dialog('Addressee physician Select');
    expect(field(m.fields.lastName).value).toBe('Turing');
    fireEvent.keyDown(searchBox(), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button('Open')));
  });

  it("says 'There was a problem searching for physicians.' when the search fails", async () => {
    setup({ routes: { 'GET /api/jobs/SearchPhysicians': apiError(503, 'unavailable') } });
    await dialog('Search for Addressee');
    type(searchBox(), 'Hopper');
    expect(await screen.findByText(enUS.job.physicianSearchFailed)).toBeTruthy();
  });
});

describe('Physician modal: a chosen physician (spec 02 §2, §4, §7)', () => {
  it("shows its details read-only, titled '<type> physician Select'; Confirm hands it back and closes", async () => {
    const { onConfirm } = setup();
    await dialog('Search for Addressee');
    await chooseResult('Grace Hopper');
    await dialog('Addressee physician Select');
    expect(field(m.fields.lastName)).toMatchObject({ value: 'Hopper', readOnly: true });
    expect(field(m.fields.accessCode)).toMatchObject({ value: 'GH7', readOnly: true });
    expect(field(m.fields.fax).value).toBe('555 0100');
    expect(button(m.confirmAndSave).disabled).toBe(true);
    fireEvent.click(button(m.confirm));
    expect(onConfirm).toHaveBeenCalledWith({ kind: 'directory', physician: HOPPER });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('stays open when its choice is refused', async () => {
    const { onConfirm } = setup();
    onConfirm.mockReturnValue(false);
    await dialog('Search for Addressee');
    await chooseResult('Grace Hopper');
    fireEvent.click(button(m.confirm));
    expect(onConfirm).toHaveBeenCalled();
    expect(await dialog('Addressee physician Select')).toBeTruthy();
  });

  it('Convert to custom clears the directory identity and makes the form editable', async () => {
    const { onConfirm } = setup();
    await dialog('Search for Addressee');
    await chooseResult('Grace Hopper');
    fireEvent.click(button(m.convertToCustom));
    await dialog('Edit Custom Addressee');
    expect(field(m.fields.lastName)).toMatchObject({ value: 'Hopper', readOnly: false });
    expect(field(m.fields.accessCode).value).toBe('');
    expect(document.activeElement).toBe(field(m.fields.firstName));
    fireEvent.change(field(m.fields.fax), { target: { value: '555 0199' } });
    fireEvent.click(button(m.confirm));
    expect(onConfirm.mock.calls[0]?.[0]).toEqual({
      kind: 'custom',
      details: {
        firstName: 'Grace',
        lastName: 'Hopper',
        prefix: 'Dr',
        credentials: 'MD',
        email: 'grace@clinic.test',
        fax: '555 0199',
        addressLine1: '1 Harbour Road',
        country: 'USA',
        postalCode: '02110',
      },
    });
  });

  it('links to the external management app in a new window when one is configured', async () => {
    setup({ scope: { managementBaseUrl: 'http://legacy.example/' } });
    await dialog('Search for Addressee');
    await chooseResult('Grace Hopper');
    const link = screen.getByRole('link', { name: new RegExp(m.openInManagement) });
    expect(link.getAttribute('href')).toBe('http://legacy.example/users/user.aspx?ACT=EDIT&userId=7');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('offers no link without a management app', async () => {
    setup();
    await dialog('Search for Addressee');
    await chooseResult('Grace Hopper');
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('Physician modal: a custom physician (spec 02 §4, §5)', () => {
  it("Add Custom: 'Edit Custom <type>', editable, Confirm only with a last name", async () => {
    const { onConfirm } = setup();
    await dialog('Search for Addressee');
    expect(screen.queryByRole('textbox', { name: m.fields.lastName })).toBeNull();
    fireEvent.click(button(m.addCustom));
    await dialog('Edit Custom Addressee');
    expect(field(m.fields.lastName).readOnly).toBe(false);
    expect(button(m.confirm).disabled).toBe(true);
    expect(button(m.confirmAndSave).disabled).toBe(true);
    fireEvent.blur(field(m.fields.lastName));
    expect(screen.getByText(m.lastNameRequired)).toBeTruthy();
    fireEvent.change(field(m.fields.firstName), { target: { value: 'Ann' } });
    fireEvent.change(field(m.fields.lastName), { target: { value: ' Lee ' } });
    fireEvent.change(field(m.fields.accessCode), { target: { value: 'AL9' } });
    expect(button(m.confirm).disabled).toBe(false);
    fireEvent.click(button(m.confirm));
    // A custom recipient has no access code: only Confirm and Save gives one.
    expect(onConfirm).toHaveBeenCalledWith({
      kind: 'custom',
      details: { firstName: 'Ann', lastName: 'Lee' },
    });
  });

  it('Clear all fields empties the form and the search', async () => {
    setup();
    await dialog('Search for Addressee');
    fireEvent.click(button(m.addCustom));
    fireEvent.change(field(m.fields.lastName), { target: { value: 'Lee' } });
    type(searchBox(), 'Lee');
    fireEvent.click(button(m.clearAll));
    expect(field(m.fields.lastName).value).toBe('');
    expect(searchBox().value).toBe('');
    expect(await dialog('Edit Custom Addressee')).toBeTruthy();
  });

  it('takes no custom physician with Confirm where a directory one is needed (a dictator)', async () => {
    setup({ searchFor: 'dictator', customAllowed: false });
    await dialog('Search for Dictator');
    fireEvent.click(button(m.addCustom));
    fireEvent.change(field(m.fields.lastName), { target: { value: 'Lee' } });
    expect(button(m.confirm).disabled).toBe(true);
    expect(button(m.confirmAndSave).disabled).toBe(false);
  });

  it('has no Confirm and Save, and no access code for a custom one, without that right', async () => {
    setup({ scope: { canSave: false } });
    await dialog('Search for Addressee');
    fireEvent.click(button(m.addCustom));
    expect(screen.queryByRole('button', { name: m.confirmAndSave })).toBeNull();
    expect(screen.queryByRole('textbox', { name: m.fields.accessCode })).toBeNull();
  });
});

describe('Physician modal: Confirm and Save (spec 02 §7, §8)', () => {
  async function saveLee(options: Options = {}) {
    const result = setup(options);
    addCustomInModal(await dialog('Search for Addressee'), {
      firstName: 'Ann',
      lastName: 'Lee',
      accessCode: 'AL9',
    });
    fireEvent.click(button(m.confirmAndSave));
    return result;
  }

  it("saves to the facility, says '<first> <last> was saved to the system' and hands back the directory physician", async () => {
    const { api, onConfirm } = await saveLee();
    expect(await screen.findByText('Ann Lee was saved to the system')).toBeTruthy();
    const call = api.calls.find((c) => c.path === '/api/job/SavePhysician');
    expect(call?.body).toEqual({
      clientFacilityId: 10,
      jobId: 42,
      physicianSearchType: 3,
      physician: { firstName: 'Ann', lastName: 'Lee', accessCode: 'AL9' },
    });
    const choice = onConfirm.mock.calls[0]?.[0] as { kind: string; physician: Physician };
    expect(choice.kind).toBe('directory');
    expect(choice.physician).toMatchObject({
      userId: 31,
      firstName: 'Ann',
      lastName: 'Lee',
      accessCode: 'AL9',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("warns 'The provided access code already exists…' for 'Duplicate access code' and stays open", async () => {
    const { onConfirm } = await saveLee({
      routes: { 'POST /api/job/SavePhysician': apiError(409, 'conflict', 'Duplicate access code') },
    });
    expect(await screen.findByText(m.duplicate)).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Edit Custom Addressee' })).toBeTruthy();
  });

  it("says 'There was a problem saving the physician.' for any other failure", async () => {
    const { onConfirm } = await saveLee({
      routes: { 'POST /api/job/SavePhysician': apiError(403, 'forbidden', 'No') },
    });
    expect(await screen.findByText(m.saveFailed)).toBeTruthy();
    expect(screen.queryByText(m.duplicate)).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
