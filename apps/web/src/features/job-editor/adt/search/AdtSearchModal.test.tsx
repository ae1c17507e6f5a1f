import { notifications } from '@mantine/notifications';
import type { JobAdt } from '@quill/core/contract/adt/adt';
import { enUS } from '@quill/core/i18n/enUS';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeAnswer, fakeApi } from '../../../../app/testing/fakeApi';
import { renderWithSession } from '../../../job-list/testing/renderWithSession';
import { AdtSearchModal } from './AdtSearchModal';
import { acceptedAdt, SEARCH_CONFIGURATION, searchResult } from './testing';

const a = enUS.adt;
const m = enUS.adt.searchModal;
const SEARCH = 'POST /api/job/searchadt';
const ACCEPT = 'POST /api/job/acceptadt';

function setup(routes: Record<string, FakeAnswer> = {}) {
  const api = fakeApi({ [SEARCH]: searchResult(), [ACCEPT]: acceptedAdt(), ...routes });
  const onAccepted = vi.fn<(adt: JobAdt) => void>();
  const onClose = vi.fn();
  renderWithSession(
    <AdtSearchModal
      jobId={42}
      companyId={10}
      bookingCookie="cookie-1"
      searchConfiguration={SEARCH_CONFIGURATION}
      opened
      onClose={onClose}
      onAccepted={onAccepted}
    />,
  );
  const bodies = (path: string) => api.calls.filter((c) => c.path === path).map((c) => c.body);
  return { api, onAccepted, onClose, bodies };
}

const input = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
const searchType = () =>
  screen.getAllByLabelText(m.searchType).find((el) => el.tagName === 'INPUT') as HTMLInputElement;
const searchButton = () => screen.getByRole('button', { name: m.search });
const acceptButton = () => screen.getByRole('button', { name: /^Accept Patient/ });
const disabled = (el: HTMLElement) => (el as HTMLButtonElement).disabled;
const checked = (el: HTMLElement) => (el as HTMLInputElement).checked;
const table = (name: string) => screen.getByRole('table', { name });
const choose = (name: RegExp) => fireEvent.click(screen.getByRole('radio', { name }));

async function searchJaneDoe() {
  type('Last Name', 'Doe');
  fireEvent.click(searchButton());
  await screen.findByRole('table', { name: m.patients });
}

beforeEach(() => {
  act(() => notifications.clean());
});

describe('AdtSearchModal: searching', () => {
  it('prompts before the first search and offers the facility searches', () => {
    setup();
    expect(screen.getByText(a.searchPrompt)).toBeTruthy();
    expect(searchType().value).toBe('Patient search');
    expect(input('Date of Birth').type).toBe('date');
    expect(input('Last Name').type).toBe('text');
  });

  it('shows the fields of the chosen search and sends its identifier', async () => {
    const { bodies } = setup();
    type('Last Name', 'Doe');
    fireEvent.click(searchType());
    fireEvent.click(await screen.findByRole('option', { name: 'Visit search', hidden: true }));
    expect(screen.queryByLabelText('Last Name')).toBeNull();
    type('Visit Number', 'V-11');
    fireEvent.click(searchButton());
    await screen.findByRole('table', { name: m.patients });
    expect(bodies('/api/job/searchadt')[0]).toMatchObject({
      identifier: 'visit',
      inputAdtData: [{ hl7Identifier: { segment: 'PID', field: 18, component: 1 }, value: 'V-11' }],
    });
  });

  it('keeps Search disabled while every field is empty or any value is shorter than 2 characters', () => {
    setup();
    expect(disabled(searchButton())).toBe(true);
    type('Last Name', 'D');
    expect(disabled(searchButton())).toBe(true);
    expect(screen.getByText(a.valueTooShort)).toBeTruthy();
    type('Last Name', ' D ');
    expect(disabled(searchButton())).toBe(true);
    type('Last Name', 'Do');
    expect(disabled(searchButton())).toBe(false);
    type('First Name', 'J');
    expect(disabled(searchButton())).toBe(true);
    type('First Name', '');
    expect(disabled(searchButton())).toBe(false);
    expect(screen.queryByText(a.valueTooShort)).toBeNull();
  });

  it('sends only the non-empty fields, trimmed, and runs on Enter', async () => {
    const { bodies } = setup();
    type('Last Name', ' Doe ');
    type('Date of Birth', '1980-03-04');
    fireEvent.submit(input('Last Name').closest('form') as HTMLFormElement);
    await screen.findByRole('table', { name: m.patients });
    expect(bodies('/api/job/searchadt')).toEqual([
      {
        jobId: 42,
        companyId: 10,
        identifier: 'patient',
        inputAdtData: [
          { hl7Identifier: { segment: 'PID', field: 5, component: 1 }, value: 'Doe' },
          { hl7Identifier: { segment: 'PID', field: 7, component: 1 }, value: '1980-03-04' },
        ],
      },
    ]);
  });

  it('says when no patient matches and when the answer was cut short', async () => {
    const { api } = setup({ [SEARCH]: searchResult({ patient: [] }) });
    await act(async () => {
      type('Last Name', 'Zz');
      fireEvent.click(searchButton());
    });
    expect(await screen.findByText(a.noPatients)).toBeTruthy();
    api.set(SEARCH, searchResult({ truncated: true }));
    fireEvent.click(searchButton());
    expect(await screen.findByText(m.truncated.replaceAll('{{count}}', '100'))).toBeTruthy();
  });

  it('shows the search failure as a toast and inline', async () => {
    setup({ [SEARCH]: apiError(503, 'unavailable', 'Database down') });
    type('Last Name', 'Doe');
    fireEvent.click(searchButton());
    const alert = await within(screen.getByRole('dialog')).findByRole('alert');
    expect(alert.textContent).toContain(a.searchFailed);
    await waitFor(() => expect(screen.getAllByText(a.searchFailed)).toHaveLength(2));
  });
});

describe('AdtSearchModal: choosing', () => {
  it('shows visits after a patient is chosen and orders after a visit', async () => {
    setup();
    await searchJaneDoe();
    expect(within(table(m.patients)).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('table', { name: m.visits })).toBeNull();
    choose(/Choose patient MRN001 Doe Jane/);
    expect(within(table(m.visits)).getByText('V-11')).toBeTruthy();
    expect(within(table(m.visits)).getByText('02/01/2026 08:15')).toBeTruthy();
    expect(screen.queryByRole('table', { name: m.orders })).toBeNull();
    choose(/Choose visit V-11/);
    expect(within(table(m.orders)).getAllByRole('checkbox')).toHaveLength(2);
  });

  it('clears visit and orders on a new patient, orders on a new visit, everything on a new search', async () => {
    setup();
    await searchJaneDoe();
    choose(/Choose patient MRN001/);
    choose(/Choose visit V-11/);
    fireEvent.click(screen.getByRole('checkbox', { name: /ORD-111/ }));
    choose(/Choose visit V-12/);
    expect(screen.getByText(m.noOrders)).toBeTruthy();
    choose(/Choose visit V-11/);
    expect(checked(screen.getByRole('checkbox', { name: /ORD-111/ }))).toBe(false);
    choose(/Choose patient MRN002/);
    expect(screen.queryByRole('table', { name: m.visits })).toBeNull();
    expect(screen.getByText(m.noVisits)).toBeTruthy();
    choose(/Choose patient MRN001/);
    expect(checked(screen.getByRole('radio', { name: /Choose visit V-11/ }))).toBe(false);
    fireEvent.click(searchButton());
    await waitFor(() => expect(disabled(acceptButton())).toBe(true));
    expect(checked(screen.getByRole('radio', { name: /Choose patient MRN001/ }))).toBe(false);
  });

  it('chooses rows with the keyboard (Enter) and by clicking the row', async () => {
    setup();
    await searchJaneDoe();
    fireEvent.keyDown(screen.getByRole('radio', { name: /MRN001/ }), { key: 'Enter' });
    expect(checked(screen.getByRole('radio', { name: /MRN001/ }))).toBe(true);
    fireEvent.click(within(table(m.visits)).getByText('V-11'));
    expect(checked(screen.getByRole('radio', { name: /V-11/ }))).toBe(true);
    const order = screen.getByRole('checkbox', { name: /ORD-112/ });
    fireEvent.keyDown(order, { key: 'Enter' });
    expect(checked(order)).toBe(true);
    fireEvent.keyDown(order, { key: 'Enter' });
    expect(checked(order)).toBe(false);
  });

  it('labels Accept by what is chosen and keeps it disabled until a patient is chosen', async () => {
    setup();
    await searchJaneDoe();
    expect(acceptButton().textContent).toContain('Accept Patient Only');
    expect(disabled(acceptButton())).toBe(true);
    choose(/MRN001/);
    expect(disabled(acceptButton())).toBe(false);
    choose(/V-11/);
    expect(acceptButton().textContent).toContain('Accept Patient & Visit');
    fireEvent.click(screen.getByRole('checkbox', { name: /ORD-112/ }));
    expect(acceptButton().textContent).toContain('Accept Patient, Visit & Order(s)');
  });
});

describe('AdtSearchModal: accepting', () => {
  it('posts the choice with the booking, hands over the ADT, clears the form and closes', async () => {
    const { bodies, onAccepted, onClose } = setup();
    await searchJaneDoe();
    choose(/MRN001/);
    choose(/V-11/);
    fireEvent.click(screen.getByRole('checkbox', { name: /ORD-112/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /ORD-111/ }));
    fireEvent.click(acceptButton());
    await waitFor(() => expect(onAccepted).toHaveBeenCalledWith(acceptedAdt()));
    expect(bodies('/api/job/acceptadt')).toEqual([
      {
        jobId: 42,
        companyId: 10,
        bookingCookie: 'cookie-1',
        adtSearchResult: { patientId: 1, visitId: 11, orderId: [111, 112] },
      },
    ]);
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByText(a.searchPrompt)).toBeTruthy();
    expect((input('Last Name') as HTMLInputElement).value).toBe('');
  });

  it('accepts the patient only', async () => {
    const { bodies } = setup();
    await searchJaneDoe();
    choose(/MRN002/);
    fireEvent.click(acceptButton());
    await waitFor(() => expect(bodies('/api/job/acceptadt')).toHaveLength(1));
    expect(bodies('/api/job/acceptadt')[0]).toMatchObject({
      adtSearchResult: { patientId: 2, visitId: null, orderId: [] },
    });
  });

  it('shows the accept failure as a toast and inline, with the server reason, and stays open', async () => {
    const { onAccepted, onClose } = setup({ [ACCEPT]: apiError(409, 'conflict', 'The booking has expired') });
    await searchJaneDoe();
    choose(/MRN001/);
    fireEvent.click(acceptButton());
    const alert = await within(screen.getByRole('dialog')).findByRole('alert');
    expect(alert.textContent).toContain(a.acceptFailed);
    expect(alert.textContent).toContain('The booking has expired');
    await waitFor(() => expect(screen.getAllByText(a.acceptFailed)).toHaveLength(2));
    expect(onAccepted).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(checked(screen.getByRole('radio', { name: /MRN001/ }))).toBe(true);
  });
});
