import { notifications } from '@mantine/notifications';
import type { JobViewDetails, SetJobDataRequest } from '@quill/core/contract/job';
import { enUS } from '@quill/core/i18n/enUS';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../app/testing/fakeApi';
import { renderWithProviders } from '../../audio/testing/renderPlayer';
import { jobDataOf } from '../jobApi';
import { jobDetails } from '../testing/jobFixtures';
import { DocumentDetailsCard, type DocumentDetailsCardProps } from './DocumentDetailsCard';
import { physician, recipient, workType } from './testing';

const d = enUS.jobDetails;
const WORK_TYPES = [
  workType(),
  workType({ id: 6, name: 'Letter' }),
  workType({ id: 7, name: 'Memo', enableAddressee: false }),
  workType({ id: 8, name: 'Note', allowPatientAsRecipient: false }),
];

function routes(overrides: Record<string, unknown> = {}) {
  return {
    'GET /api/job/GetClientFacilityWorktypes': WORK_TYPES,
    'GET /api/job/getDepartmentsByJobId/42': [
      { id: 1, name: 'Cardiology' },
      { id: 2, name: 'Radiology' },
    ],
    'GET /api/job/getLocationsByJobId/42': [{ id: 4, code: 'W1', name: 'Ward 1', auto: false }],
    'GET /api/jobs/SearchPhysicians': [
      physician(),
      physician({ userId: 8, firstName: 'Alan', lastName: 'Turing', accessCode: null }),
    ],
    'GET /api/jobs/GetPhysician': physician(),
    'POST /api/job/RunHoldQueueCheck': [
      { ruleCode: 'NODICT', ruleDescription: 'No dictator', isTriggered: false },
      { ruleCode: 'MISSPAT', ruleDescription: 'Missing patient', isTriggered: true },
    ],
    ...overrides,
  };
}

type Props = Partial<Omit<DocumentDetailsCardProps, 'details' | 'value' | 'onChange'>> & {
  details?: JobViewDetails;
  value?: Partial<SetJobDataRequest>;
};

/** Renders the card holding its value in state; `values` records every change. */
function setup(props: Props = {}, overrides: Record<string, unknown> = {}) {
  const api = fakeApi(routes(overrides));
  const details = props.details ?? jobDetails();
  const values: SetJobDataRequest[] = [];
  function Harness() {
    const [value, setValue] = useState<SetJobDataRequest>({
      ...jobDataOf(details, details.jobNote, details.isProtected),
      ...props.value,
    });
    return (
      <DocumentDetailsCard
        details={details}
        value={value}
        onChange={(next) => {
          values.push(next);
          setValue(next);
        }}
        editable={props.editable ?? true}
        editMode={props.editMode ?? true}
        textType={props.textType ?? 'CDA'}
        cda={props.cda}
      />
    );
  }
  renderWithProviders(<Harness />);
  return { api, values, last: () => values.at(-1) };
}

const combobox = (name: string) => screen.getByRole('combobox', { name }) as HTMLInputElement;
const searches = (api: ReturnType<typeof fakeApi>) =>
  api.calls.filter((c) => c.path === '/api/jobs/SearchPhysicians');

/** Types into a search select as a user would (Mantine ignores changes to an unfocused input). */
function type(input: HTMLElement, text: string) {
  act(() => input.focus());
  fireEvent.change(input, { target: { value: text } });
}

async function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

beforeEach(() => {
  localStorage.clear();
  notifications.clean();
});

describe('Document Details card: physicians (spec 02 §5, §9)', () => {
  it('searches 300 ms after the typing stops, split at the first comma into last and first name', async () => {
    const { api, last } = setup();
    const input = await screen.findByRole('combobox', { name: d.dictator });
    let typedAt = 0;
    let calledAt = 0;
    api.set('GET /api/jobs/SearchPhysicians', () => {
      calledAt = Date.now();
      return [physician()];
    });
    type(input, 'H');
    type(input, 'Hop');
    typedAt = Date.now();
    type(input, ' Hopper ,  Grace, M ');
    expect(searches(api)).toHaveLength(0);
    await waitFor(() => expect(searches(api)).toHaveLength(1));
    expect(calledAt - typedAt).toBeGreaterThanOrEqual(280);
    const url = new URL(searches(api)[0]!.url, 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      physicianSearchType: '0',
      companyId: '10',
      lastName: 'Hopper',
      firstName: 'Grace, M',
    });
    fireEvent.click(await screen.findByRole('option', { name: 'Dr Grace Hopper (GH7)', hidden: true }));
    expect(last()?.dictator).toBe(7);
  });

  it('searches Dictated For with its own type and sends nothing for empty text', async () => {
    const { api } = setup();
    const input = await screen.findByRole('combobox', { name: d.dictatedFor });
    type(input, '   ');
    await act(() => new Promise((r) => setTimeout(r, 400)));
    expect(searches(api)).toHaveLength(0);
    type(input, 'Turing');
    await waitFor(() => expect(searches(api)).toHaveLength(1));
    const url = new URL(searches(api)[0]!.url, 'http://x');
    expect(url.searchParams.get('physicianSearchType')).toBe('1');
    expect(url.searchParams.get('lastName')).toBe('Turing');
    expect(url.searchParams.has('firstName')).toBe(false);
  });

  it('removes the Dictated For physician with its remove button', async () => {
    const dictatedFor = {
      userId: 9,
      prefix: null,
      firstName: 'Mary',
      lastName: 'Shelley',
      suffix: null,
      middleInitial: null,
      accessCode: null,
    };
    const { last } = setup({ details: jobDetails({ dictatedFor }) });
    expect(combobox(d.dictatedFor).value).toBe('Mary Shelley');
    fireEvent.click(screen.getByRole('button', { name: d.removeDictatedFor }));
    expect(last()?.dictatedFor).toBeNull();
    expect(combobox(d.dictatedFor).value).toBe('');
    expect(screen.getByRole('button', { name: d.removeDictatedFor })).toHaveProperty('disabled', true);
  });

  it("says 'There was a problem searching for physicians.' when the search fails", async () => {
    setup({}, { 'GET /api/jobs/SearchPhysicians': apiError(503, 'unavailable') });
    type(combobox(d.dictator), 'Hopper');
    expect(await screen.findByText(enUS.job.physicianSearchFailed)).toBeTruthy();
  });

  it('shows the physician popover with its data and badges', async () => {
    const { api } = setup(
      {},
      {
        'GET /api/jobs/GetPhysician': physician({
          userId: 3,
          secureMessagingEnabled: true,
          recipientProviderId: 'RP-1',
          recipientProviderIdSpecified: true,
        }),
      },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Details of Dr Ada Byron (AB1)' }));
    expect(await screen.findByText('1 Harbour Road')).toBeTruthy();
    for (const text of [
      'GH7',
      '02110',
      'USA',
      'grace@clinic.test',
      '555 0100',
      d.secureMessaging,
      d.recipientModule,
    ])
      expect(screen.getByText(text)).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/jobs/GetPhysician')?.url).toContain('userId=3');
  });

  it("says 'There is no data for this physician' when it has none", async () => {
    const empty = physician({
      accessCode: null,
      addressLine1: null,
      postalCode: null,
      country: null,
      email: null,
      fax: null,
    });
    setup({}, { 'GET /api/jobs/GetPhysician': empty });
    fireEvent.click(screen.getByRole('button', { name: 'Details of Dr Ada Byron (AB1)' }));
    expect(await screen.findByText(d.noPhysicianData)).toBeTruthy();
  });

  it("says 'There was a problem getting the physician.' when GetPhysician fails", async () => {
    setup({}, { 'GET /api/jobs/GetPhysician': apiError(500, 'internal') });
    fireEvent.click(screen.getByRole('button', { name: 'Details of Dr Ada Byron (AB1)' }));
    expect((await screen.findAllByText(enUS.job.getPhysicianFailed)).length).toBeGreaterThan(0);
  });
});

describe('Document Details card: STAT (spec 02 §4)', () => {
  it("shows 'U' as checked; unchecking sets null and checking sets 'M'", () => {
    const { values } = setup({ details: jobDetails({ stat: 'U' }) });
    const stat = screen.getByRole('checkbox', { name: d.stat }) as HTMLInputElement;
    expect(stat.checked).toBe(true);
    fireEvent.click(stat);
    expect(values.at(-1)?.stat).toBeNull();
    fireEvent.click(stat);
    expect(values.at(-1)?.stat).toBe('M');
  });
});

describe('Document Details card: work type change (spec 02 §4)', () => {
  const details = () =>
    jobDetails({
      recipients: [
        recipient({ id: 100, isAddressee: true }),
        recipient({ id: 101, isPatient: true, isAddressee: false, userId: 0, userIdSpecified: false }),
      ],
    });

  it('changes at once, without the warning, to a type with addressees that allows the patient', async () => {
    const { last } = setup({ details: details() });
    await choose(d.workType, 'Letter');
    expect(screen.queryByText(d.workTypeWarningTitle)).toBeNull();
    expect(last()?.workTypeId).toBe(6);
    expect(last()?.recipients).toBeUndefined();
  });

  it('warns when the new type has no addressees; Cancel keeps the old type, Confirm turns addressees into copies', async () => {
    const { values, last } = setup({ details: details() });
    await choose(d.workType, 'Memo');
    expect(await screen.findByText(d.workTypeNoAddressees)).toBeTruthy();
    expect(screen.queryByText(d.workTypeNoPatient)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: d.cancel }));
    expect(values).toHaveLength(0);
    await choose(d.workType, 'Memo');
    fireEvent.click(await screen.findByRole('button', { name: d.confirm }));
    expect(last()?.workTypeId).toBe(7);
    expect(last()?.recipients).toEqual([
      { id: 100, physicianId: 7, isAddressee: false, isPatient: false, removed: false },
      { id: 101, physicianId: null, isAddressee: false, isPatient: true, removed: false },
    ]);
  });

  it('warns when the new type disallows the patient; Confirm removes the patient', async () => {
    const { last } = setup({ details: details() });
    await choose(d.workType, 'Note');
    expect(await screen.findByText(d.workTypeNoPatient)).toBeTruthy();
    expect(screen.queryByText(d.workTypeNoAddressees)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: d.confirm }));
    expect(last()?.workTypeId).toBe(8);
    expect(last()?.recipients).toEqual([
      { id: 100, physicianId: 7, isAddressee: true, isPatient: false, removed: false },
    ]);
  });

  it('sets department and location from their lists', async () => {
    const { last } = setup();
    await choose(d.department, 'Radiology');
    expect(last()?.department).toBe(2);
    await choose(d.location, 'Ward 1');
    expect(last()?.location).toBe(4);
  });

  it("says 'There was a problem performing this action…' when a detail list cannot be loaded", async () => {
    setup({}, { 'GET /api/job/GetClientFacilityWorktypes': apiError(503, 'unavailable') });
    expect(await screen.findByText(enUS.job.detailChangeFailed)).toBeTruthy();
  });
});

describe('Document Details card: job options (spec 02 §5)', () => {
  const options = () => screen.queryByRole('group', { name: d.jobOptions });

  it('shows skip export, skip print and force re-sign in edit mode outside the hold queue and editor stage', () => {
    const { last } = setup({ details: jobDetails({ stageId: 8, stageName: 'Pending Fax' }) });
    const group = options();
    expect(group).toBeTruthy();
    fireEvent.click(within(group!).getByRole('checkbox', { name: d.skipExport }));
    expect(last()?.skipExport).toBe(true);
    fireEvent.click(within(group!).getByRole('checkbox', { name: d.skipPrint }));
    expect(last()?.skipPrint).toBe(true);
    fireEvent.click(within(group!).getByRole('checkbox', { name: d.forceResign }));
    expect(last()).toMatchObject({ skipExport: true, skipPrint: true, forceResign: true });
  });

  it('hides them in view mode', () => {
    setup({ editMode: false, details: jobDetails({ stageId: 8 }) });
    expect(options()).toBeNull();
  });

  it.each([3, 410])('hides them for stage %i', (stageId) => {
    setup({ details: jobDetails({ stageId }) });
    expect(options()).toBeNull();
  });
});

describe('Document Details card: Check Job (spec 02 §2, §5, §8)', () => {
  const edits = { sections: [{ key: '0', blocks: [] }] };

  it('runs RunHoldQueueCheck with the current job data and CDA edits and lists Flag, Description, Passed', async () => {
    const cda = vi.fn(() => edits);
    const { api } = setup({ cda, details: jobDetails({ stat: null }) });
    fireEvent.click(screen.getByRole('checkbox', { name: d.stat }));
    fireEvent.click(screen.getByRole('button', { name: d.checkFlags }));
    const dialog = await screen.findByRole('dialog', { name: d.checkJobTitle });
    const table = await within(dialog).findByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      [d.flag, d.description, d.passed],
      ['NODICT', 'No dictator', d.yes],
      ['MISSPAT', 'Missing patient', d.no],
    ]);
    const call = api.calls.find((c) => c.path === '/api/job/RunHoldQueueCheck');
    expect(call?.body).toMatchObject({
      jobId: 42,
      setJobDataRequest: { jobId: 42, stat: 'M', dictator: 3 },
      cda: edits,
    });
  });

  it('lists the hold queue flags of the job', () => {
    setup();
    expect(screen.getByText('NODICT – No dictator')).toBeTruthy();
  });

  it('offers Check Flags for a Word job (issue 39: the identity rule reads the Word document)', () => {
    setup({ textType: 'DOCX' });
    expect(screen.getByRole('button', { name: d.checkFlags })).toHaveProperty('disabled', false);
  });

  it('disables Check Flags without a text type', () => {
    setup({ textType: 'none' });
    expect(screen.getByRole('button', { name: d.checkFlags })).toHaveProperty('disabled', true);
  });

  it('says the hold queue check failed when it does', async () => {
    setup({}, { 'POST /api/job/RunHoldQueueCheck': apiError(500, 'internal') });
    fireEvent.click(screen.getByRole('button', { name: d.checkFlags }));
    expect((await screen.findAllByText(enUS.job.holdQueueCheckFailed)).length).toBeGreaterThan(0);
  });
});

describe('Document Details card: not editable (spec 02 §4)', () => {
  it('disables every control', () => {
    setup({ editable: false, details: jobDetails({ stageId: 8, dictatedFor: jobDetails().dictator }) });
    for (const name of [d.dictator, d.dictatedFor, d.workType, d.department, d.location])
      expect(combobox(name).disabled).toBe(true);
    for (const name of [d.stat, d.skipExport, d.skipPrint, d.forceResign])
      expect(screen.getByRole('checkbox', { name })).toHaveProperty('disabled', true);
    for (const name of [d.checkFlags, d.removeDictatedFor])
      expect(screen.getByRole('button', { name })).toHaveProperty('disabled', true);
  });
});
