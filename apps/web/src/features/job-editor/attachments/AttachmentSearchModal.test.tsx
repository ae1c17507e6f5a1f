import { notifications } from '@mantine/notifications';
import { enUS } from '@quill/core/i18n/enUS';
import { attachmentSearchQuery } from '@quill/core/rules/attachments/attachmentRange';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, apiError, type FakeAnswer, fakeApi } from '../../../app/testing/fakeApi';
import { renderWithSession } from '../../job-list/testing/renderWithSession';
import { AttachmentSearchModal } from './AttachmentSearchModal';
import {
  ATTACHMENTS,
  CREDENTIALS,
  credentials,
  downloadKey,
  fileAnswer,
  JOB_ID,
  JOB_PATIENT_ID,
  searchKey,
} from './testing';

const m = enUS.attachments;
const CF = 10;

let saved: { name: string; href: string }[];
beforeEach(() => {
  // Today is Thursday 26 November 2026, 3 pm (local); only Date is faked, timers run.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 26, 15, 0) });
  saved = [];
  Object.defineProperty(URL, 'createObjectURL', {
    value: vi.fn(() => 'blob:quill/attachment'),
    configurable: true,
  });
  Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
  act(() => notifications.clean());
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function setup(routes: Record<string, FakeAnswer> = {}, jobPatientId: number | null = JOB_PATIENT_ID) {
  const api = fakeApi({ [CREDENTIALS]: credentials(), [searchKey(CF)]: ATTACHMENTS, ...routes });
  const onClose = vi.fn();
  renderWithSession(
    <AttachmentSearchModal
      clientFacilityId={CF}
      jobId={JOB_ID}
      jobPatientId={jobPatientId}
      opened
      onClose={onClose}
    />,
  );
  return { api, onClose };
}

const input = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const setDay = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const searchButton = () => screen.getByRole('button', { name: m.search }) as HTMLButtonElement;
const list = () => screen.findByRole('list', { name: m.results });
const item = (name: RegExp) => screen.getByRole('button', { name });

describe('AttachmentSearchModal (spec 02 §2, §5, §9)', () => {
  it('opens on the last 7 days to today, ready to search', () => {
    setup();
    expect(input(m.from).value).toBe('2026-11-19');
    expect(input(m.to).value).toBe('2026-11-26');
    expect(input(m.from).type).toBe('date');
    expect(searchButton().disabled).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the range rules as they are broken and disables Search meanwhile', () => {
    setup();
    setDay(m.to, '2026-11-18');
    expect(screen.getByRole('alert').textContent).toBe('To date must be the same or after from date');
    expect(searchButton().disabled).toBe(true);
    expect(input(m.to).getAttribute('aria-invalid')).toBe('true');
    setDay(m.from, '2026-05-21');
    expect(screen.getByRole('alert').textContent).toBe('Date range cannot exceed 180 days');
    expect(searchButton().disabled).toBe(true);
    setDay(m.from, '2026-05-22'); // 180 days to 2026-11-18
    expect(screen.queryByRole('alert')).toBeNull();
    expect(searchButton().disabled).toBe(false);
    setDay(m.from, '');
    expect(screen.getByRole('alert').textContent).toBe(m.dateRequired);
    expect(searchButton().disabled).toBe(true);
  });

  it('searches with the credential and lists name, effective date and description', async () => {
    const { api } = setup();
    fireEvent.click(searchButton());
    const found = await list();
    const rows = within(found).getAllByRole('button');
    expect(rows.map((r) => r.textContent)).toEqual([
      `Referral letter 2026-11-25.png${m.effectiveDate} 11/25/2026Referral from Lakeside Family Medicine: cardiology consultationPatient: Schneider, Paul, MRN M-0008${m.otherPatient}`,
      `CBC results 2026-11-21.pdf${m.effectiveDate} 11/21/2026Complete Blood Count, Tri-County Reference LaboratoryPatient: Banerjee, Priya, MRN M-0007`,
    ]);
    expect(api.called()).toEqual([CREDENTIALS, searchKey(CF)]);
    const q = attachmentSearchQuery('2026-11-19', '2026-11-26')!;
    const search = api.calls[1]!;
    expect(new URL(search.url, 'http://x').searchParams.get('AfterDateUtc')).toBe(q.AfterDateUtc);
    expect(new URL(search.url, 'http://x').searchParams.get('BeforeInclusiveDateUtc')).toBe(
      q.BeforeInclusiveDateUtc,
    );
    const init = api.fetch.mock.calls[1]![1] as RequestInit;
    expect(init.headers).toEqual({ Authorization: `Basic ${credentials().credentials}` });
    expect(init.credentials).toBe('omit');
  });

  it('lists the job’s patient’s files at first; the whole facility only when asked, and back', async () => {
    const { api } = setup();
    expect(screen.getByText(m.scopePatient)).toBeTruthy();
    fireEvent.click(searchButton());
    await list();
    const scopeOf = (n: number) => new URL(api.calls[n]!.url, 'http://x').searchParams.get('JobId');
    expect(scopeOf(1)).toBe(String(JOB_ID));
    fireEvent.click(screen.getByRole('button', { name: m.searchFacility }));
    await waitFor(() => expect(api.calls).toHaveLength(3));
    expect(scopeOf(2)).toBeNull();
    expect(await screen.findByText(m.scopeFacility)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: m.searchPatient }));
    await waitFor(() => expect(api.calls).toHaveLength(4));
    expect(scopeOf(3)).toBe(String(JOB_ID));
  });

  it('says when a file names no patient, and when the job names none', async () => {
    setup({ [searchKey(CF)]: [{ ...ATTACHMENTS[0]!, patient: null }] }, null);
    expect(screen.getByText(m.scopeNoPatient)).toBeTruthy();
    fireEvent.click(searchButton());
    const found = await list();
    expect(within(found).getByText(m.noPatient)).toBeTruthy();
    expect(within(found).queryByText(m.otherPatient)).toBeNull();
  });

  it('searches on Enter in a date, and says No results when none', async () => {
    setup({ [searchKey(CF)]: [] });
    fireEvent.submit(input(m.to).closest('form')!);
    expect(await screen.findByText(m.noResults)).toBeTruthy();
  });

  it('calls the service at the host the credentials name', async () => {
    const host = 'https://attachments.example.org';
    const { api } = setup({ [CREDENTIALS]: credentials({ host }), [searchKey(CF, host)]: ATTACHMENTS });
    fireEvent.click(searchButton());
    await list();
    expect(api.called()[1]).toBe(searchKey(CF, host));
  });

  it('shows the spec’s search failure as a toast and inline, with the service’s reason', async () => {
    setup({ [searchKey(CF)]: apiError(400, 'bad_request', 'Date range cannot exceed 180 days') });
    fireEvent.click(searchButton());
    const inline = await screen.findAllByText(m.searchFailed);
    expect(inline.length).toBe(2); // the toast and the alert
    expect(screen.getByText('Date range cannot exceed 180 days')).toBeTruthy();
  });

  it('downloads a clicked attachment under its name, with Fetching Attachment... until done', async () => {
    let release: (r: Response) => void = () => undefined;
    const pending = new Promise<Response>((resolve) => {
      release = resolve;
    });
    const id = ATTACHMENTS[1]!.attachmentNonSequentialID;
    const { api } = setup({ [downloadKey(id)]: () => pending });
    fireEvent.click(searchButton());
    await list();
    fireEvent.click(item(/^CBC results/));
    expect(await screen.findByText(m.fetching)).toBeTruthy();
    expect((item(/^Referral letter/) as HTMLButtonElement).disabled).toBe(true);
    release(fileAnswer());
    await waitFor(() =>
      expect(saved).toEqual([{ name: 'CBC results 2026-11-21.pdf', href: 'blob:quill/attachment' }]),
    );
    await waitFor(() => expect(screen.queryByText(m.fetching)).toBeNull());
    // One credential served the search and the download.
    expect(api.called().filter((c) => c === CREDENTIALS)).toHaveLength(1);
  });

  it('shows the spec’s download failure, and the fetching toast goes', async () => {
    const id = ATTACHMENTS[0]!.attachmentNonSequentialID;
    setup({ [downloadKey(id)]: apiError(404, 'not_found', 'Attachment was not found.') });
    fireEvent.click(searchButton());
    await list();
    fireEvent.click(item(/^Referral letter/));
    expect(await screen.findByText(m.downloadFailed)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(m.fetching)).toBeNull());
    expect(saved).toEqual([]);
  });

  it('asks for a new credential when the service answers 401 or the credential nears its end', async () => {
    const id = ATTACHMENTS[0]!.attachmentNonSequentialID;
    let searches = 0;
    const { api } = setup({
      [CREDENTIALS]: () => answer(credentials({ expiresAt: new Date(Date.now() + 20_000).toISOString() })),
      [searchKey(CF)]: () =>
        ++searches === 1 ? apiError(401, 'attachment_credential_invalid') : answer(ATTACHMENTS),
      [downloadKey(id)]: () => fileAnswer('image/png'),
    });
    fireEvent.click(searchButton());
    await list();
    fireEvent.click(item(/^Referral letter/));
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['Referral letter 2026-11-25.png']));
    // 401 → renewed; then 20 s left is too little → renewed again before the download.
    expect(api.called()).toEqual([
      CREDENTIALS,
      searchKey(CF),
      CREDENTIALS,
      searchKey(CF),
      CREDENTIALS,
      downloadKey(id),
    ]);
  });

  it('closes with Close, and every result is a button reached by the keyboard', async () => {
    const { onClose } = setup();
    fireEvent.click(searchButton());
    const found = await list();
    for (const button of within(found).getAllByRole('button')) expect(button.tagName).toBe('BUTTON');
    fireEvent.click(screen.getByRole('button', { name: m.close }));
    expect(onClose).toHaveBeenCalled();
  });
});
