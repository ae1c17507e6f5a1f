import { notifications } from '@mantine/notifications';
import type { JobViewDetails, SetJobDataRequest } from '@quill/core/contract/job';
import { enUS } from '@quill/core/i18n/enUS';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../app/testing/fakeApi';
import { DocumentDetailsCard } from '../details/DocumentDetailsCard';
import { physician, recipient, workType } from '../details/testing';
import { jobDataOf } from '../jobApi';
import { jobDetails } from '../testing/jobFixtures';
import { RecipientsCard } from './RecipientsCard';
import { addCustomInModal, chooseInModal, renderInScope, TURING } from './testing';

const r = enUS.recipients;
const m = enUS.physicianModal;
const ONE_TO_TWO = workType({ minAddressees: 1, maxAddressees: 2 });
const WORK_TYPES = [
  ONE_TO_TWO,
  workType({ id: 7, name: 'Memo', enableAddressee: false }),
  workType({ id: 8, name: 'Note', allowPatientAsRecipient: false }),
];
const SHELLEY = physician({
  userId: 9,
  prefix: null,
  firstName: 'Mary',
  lastName: 'Shelley',
  accessCode: null,
});

interface Options {
  details?: Partial<JobViewDetails>;
  showEdit?: boolean;
  /** Also renders the Document Details card on the same job data (work type changes). */
  withDetailsCard?: boolean;
}

/** Renders the card holding the job data in state; `last()` is the job data as last changed. */
function setup({ details: overrides = {}, showEdit = true, withDetailsCard = false }: Options = {}) {
  const api = fakeApi({
    'GET /api/jobs/SearchPhysicians': [physician(), TURING, SHELLEY],
    'GET /api/job/GetClientFacilityWorktypes': WORK_TYPES,
    'GET /api/job/getDepartmentsByJobId/42': [],
    'GET /api/job/getLocationsByJobId/42': [],
  });
  const details = jobDetails({ workType: ONE_TO_TWO, ...overrides });
  const values: SetJobDataRequest[] = [];
  function Harness() {
    const [value, setValue] = useState(jobDataOf(details, details.jobNote, details.isProtected));
    const onChange = (next: SetJobDataRequest) => {
      values.push(next);
      setValue(next);
    };
    return (
      <>
        {withDetailsCard && (
          <DocumentDetailsCard
            details={details}
            value={value}
            onChange={onChange}
            editable
            editMode
            textType="CDA"
          />
        )}
        <RecipientsCard details={details} value={value} onChange={onChange} showEdit={showEdit} editable />
      </>
    );
  }
  renderInScope(<Harness />);
  return { api, last: () => values.at(-1)?.recipients };
}

const section = (name: string) => screen.getByRole('region', { name });
const addressees = () => section(r.addressees);
const copies = () => section(r.carbonCopies);
const names = (el: HTMLElement) =>
  within(el)
    .queryAllByRole('listitem')
    .map((li) => li.querySelector('span')?.textContent);
const button = (el: HTMLElement, name: string) =>
  within(el).getByRole('button', { name }) as HTMLButtonElement;

/** Adds a directory physician through the modal the section's Add button opens. */
async function addFromSearch(add: HTMLElement, name: RegExp) {
  fireEvent.click(add);
  const dialog = await screen.findByRole('dialog');
  await chooseInModal(dialog, name);
  fireEvent.click(within(dialog).getByRole('button', { name: m.confirm }));
  return dialog;
}

beforeEach(() => {
  localStorage.clear();
  notifications.clean();
});

describe('Recipients card: addressee limits (spec 02 §5)', () => {
  it('shows the range hint and the count; Add Addressee and Include Patient disabled at the maximum', async () => {
    const { last } = setup();
    expect(within(addressees()).getByText('1 to 2 required')).toBeTruthy();
    expect(within(addressees()).getByRole('status').textContent).toBe('Not enough (min 1)');
    await addFromSearch(button(addressees(), r.addAddressee), /Grace Hopper/);
    await waitFor(() => expect(names(addressees())).toEqual(['Dr Grace Hopper']));
    expect(within(addressees()).getByRole('status').textContent).toBe('');
    await addFromSearch(button(addressees(), r.addAddressee), /Alan Turing/);
    await waitFor(() => expect(names(addressees())).toEqual(['Dr Grace Hopper', 'Alan Turing']));
    expect(within(addressees()).getByRole('status').textContent).toBe('Maximum added (2)');
    expect(button(addressees(), r.addAddressee).disabled).toBe(true);
    expect(button(addressees(), r.includePatient).disabled).toBe(true);
    expect(button(copies(), r.addCarbonCopy).disabled).toBe(false);
    expect(last()).toEqual([
      { physicianId: 7, isAddressee: true, isPatient: false, removed: false },
      { physicianId: 8, isAddressee: true, isPatient: false, removed: false },
    ]);
  });

  it("says 'Too many (max N)' over the maximum, and the hint for exact and disabled limits", () => {
    const three = [100, 101, 102].map((id) => recipient({ id, userId: id }));
    setup({ details: { recipients: three } });
    expect(within(addressees()).getByRole('status').textContent).toBe('Too many (max 2)');
  });

  it.each([
    [{ minAddressees: 2, maxAddressees: 2 }, '2 required'],
    [{ minAddressees: 0, maxAddressees: 3 }, 'Up to 3 allowed'],
    [{ minAddressees: 1, maxAddressees: null }, 'At least 1 required'],
    [{ enableAddressee: false }, r.hintDisabled],
  ])('hints %o as %s', (limits, hint) => {
    setup({ details: { workType: workType(limits) } });
    expect(within(addressees()).getByText(hint)).toBeTruthy();
  });

  it('refuses to move a carbon copy to the addressees at the maximum, and moves it when there is room', async () => {
    const details = {
      recipients: [
        recipient({ id: 100, userId: 7 }),
        recipient({ id: 101, userId: 8, prefix: null, firstName: 'Alan', lastName: 'Turing' }),
        recipient({
          id: 102,
          userId: 9,
          prefix: null,
          firstName: 'Mary',
          lastName: 'Shelley',
          isAddressee: false,
        }),
      ],
    };
    const { last } = setup({ details });
    fireEvent.click(button(copies(), 'Move Mary Shelley to Addressees'));
    expect(await screen.findByText(r.atMaximum)).toBeTruthy();
    expect(names(copies())).toEqual(['Mary Shelley']);
    fireEvent.click(button(addressees(), 'Move Alan Turing to CCs'));
    fireEvent.click(button(copies(), 'Move Mary Shelley to Addressees'));
    expect(names(addressees())).toEqual(['Dr Grace Hopper', 'Mary Shelley']);
    expect(names(copies())).toEqual(['Alan Turing']);
    expect(last()?.map((x) => [x.id, x.isAddressee])).toEqual([
      [100, true],
      [101, false],
      [102, true],
    ]);
  });
});

describe('Recipients card: adding (spec 02 §4, §5)', () => {
  it('includes the patient once, as a carbon copy here', () => {
    const { last } = setup();
    fireEvent.click(button(copies(), r.includePatient));
    expect(names(copies())).toEqual([enUS.jobDetails.thePatient]);
    expect(within(copies()).getByText(r.kinds.patient)).toBeTruthy();
    expect(button(copies(), r.includePatient).disabled).toBe(true);
    expect(button(addressees(), r.includePatient).disabled).toBe(true);
    expect(last()).toEqual([{ physicianId: null, isAddressee: false, isPatient: true, removed: false }]);
  });

  it('offers no Include Patient where the work type disallows the patient', () => {
    setup({ details: { workType: workType({ allowPatientAsRecipient: false }) } });
    expect(within(addressees()).queryByRole('button', { name: r.includePatient })).toBeNull();
    expect(within(copies()).queryByRole('button', { name: r.includePatient })).toBeNull();
  });

  it("refuses a physician already on the job with 'Recipient already added' and keeps the modal open", async () => {
    setup({ details: { recipients: [recipient({ id: 100, userId: 7 })] } });
    const dialog = await addFromSearch(button(copies(), r.addCarbonCopy), /Grace Hopper/);
    expect(await screen.findByText(r.alreadyAdded)).toBeTruthy();
    expect(dialog.isConnected).toBe(true);
    expect(names(copies())).toEqual([]);
  });

  it('adds a custom carbon copy with its typed details', async () => {
    const { last } = setup();
    fireEvent.click(button(copies(), r.addCarbonCopy));
    const dialog = await screen.findByRole('dialog', { name: 'Search for Carbon Copy' });
    addCustomInModal(dialog, { lastName: 'Lee', fax: '555 0142' });
    fireEvent.click(within(dialog).getByRole('button', { name: m.confirm }));
    await waitFor(() => expect(names(copies())).toEqual(['Lee']));
    expect(within(copies()).getByText(r.kinds.custom)).toBeTruthy();
    expect(last()).toEqual([
      { isAddressee: false, isPatient: false, removed: false, custom: { lastName: 'Lee', fax: '555 0142' } },
    ]);
  });
});

describe('Recipients card: removing (spec 02 §4)', () => {
  it('flags an automatic entry removed (struck through, with Restore) and splices any other out', () => {
    const details = {
      recipients: [
        recipient({ id: 100, userId: 7, auto: true }),
        recipient({
          id: 101,
          userId: 0,
          userIdSpecified: false,
          prefix: null,
          firstName: null,
          lastName: 'Lee',
        }),
      ],
    };
    const { last } = setup({ details });
    expect(within(addressees()).getByText(r.kinds.auto)).toBeTruthy();
    expect(within(addressees()).getByText(r.kinds.custom)).toBeTruthy();
    fireEvent.click(button(addressees(), 'Remove Dr Grace Hopper'));
    expect(within(addressees()).getByText(r.removedAuto)).toBeTruthy();
    expect(document.activeElement).toBe(button(addressees(), 'Restore Dr Grace Hopper'));
    fireEvent.click(button(addressees(), 'Remove Lee'));
    expect(names(addressees())).toEqual(['Dr Grace Hopper']);
    expect(last()).toEqual([{ id: 100, physicianId: 7, isAddressee: true, isPatient: false, removed: true }]);
    expect(within(addressees()).getByRole('status').textContent).toBe('Not enough (min 1)');
    fireEvent.click(button(addressees(), 'Restore Dr Grace Hopper'));
    expect(last()?.[0]?.removed).toBe(false);
    expect(within(addressees()).queryByText(r.removedAuto)).toBeNull();
  });
});

describe('Recipients card: work type and modes (spec 02 §4, §6)', () => {
  /** Dr Grace Hopper as addressee and the patient as carbon copy. */
  const details = {
    recipients: [
      recipient({ id: 100, userId: 7 }),
      recipient({ id: 101, isPatient: true, isAddressee: false, userId: 0, userIdSpecified: false }),
    ],
  };

  it('shows a work type change: addressees become carbon copies, the patient is removed', async () => {
    setup({ details, withDetailsCard: true });
    fireEvent.click(screen.getByRole('combobox', { name: enUS.jobDetails.workType }));
    fireEvent.click(await screen.findByRole('option', { name: 'Memo', hidden: true }));
    fireEvent.click(await screen.findByRole('button', { name: enUS.jobDetails.confirm }));
    await waitFor(() => expect(within(addressees()).getByText(r.hintDisabled)).toBeTruthy());
    expect(names(addressees())).toEqual([]);
    expect(names(copies())).toEqual(['Dr Grace Hopper', enUS.jobDetails.thePatient]);
    expect(button(addressees(), r.addAddressee).disabled).toBe(true);

    fireEvent.click(screen.getByRole('combobox', { name: enUS.jobDetails.workType }));
    fireEvent.click(await screen.findByRole('option', { name: 'Note', hidden: true }));
    fireEvent.click(await screen.findByRole('button', { name: enUS.jobDetails.confirm }));
    await waitFor(() => expect(names(copies())).toEqual(['Dr Grace Hopper']));
  });

  it('shows the recipients read-only in view mode, each with its popover', async () => {
    setup({ details, showEdit: false });
    const card = screen.getByRole('region', { name: r.title });
    expect(
      within(card)
        .queryAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Details of Dr Grace Hopper', 'Details of The Patient']);
    fireEvent.click(button(card, 'Details of Dr Grace Hopper'));
    expect(await screen.findByText('1 Harbour Road')).toBeTruthy();
  });
});
