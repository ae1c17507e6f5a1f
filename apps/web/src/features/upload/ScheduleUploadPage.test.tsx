import { notifications } from '@mantine/notifications';
import { COMPOSITE_NAME_DEFINITION } from '@quill/core/contract/schedule';
import { enUS } from '@quill/core/i18n/enUS';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../app/testing/fakeApi';
import { signedInRoutes } from '../../app/testing/fixtures';
import { FakeXhr } from '../../test/fakeXhr';
import { renderApp } from '../../test/renderApp';
import {
  COMPANY,
  choose,
  DOB,
  dotOf,
  fillStep1,
  headingButton,
  mapAll,
  submitButton,
  toStep2,
  VALIDATED,
} from './uploadTestKit';

/** What upload 9 changed (GET /api/schedule/uploads/9/effect). */
const EFFECT = {
  uploadId: 9,
  fileName: 'schedule.csv',
  patients: 2,
  visits: 1,
  jobs: 1,
  jobIds: [77],
  finalJobs: 0,
  finalJobIds: [],
  changes: [
    {
      entity: 'patient',
      op: 'update',
      record: 'Patient 02012345',
      field: 'lastName',
      label: 'Last name (PID 5.1)',
      previous: 'Clarke',
      next: 'Hannah',
    },
    {
      entity: 'visit',
      op: 'insert',
      record: 'Visit V-3',
      field: null,
      label: null,
      previous: null,
      next: null,
    },
  ],
  moreChanges: 0,
  revertedAt: null,
  canRevert: true,
};

const STATUS = {
  uploadId: 4,
  fileName: 'schedule.csv',
  status: 'queued',
  rowsTotal: 2,
  patientsAdded: 2,
  patientsUpdated: 0,
  visitsAdded: 2,
  visitsUpdated: 0,
  visitsDeleted: 0,
  rowsSkipped: 0,
  jobsChanged: 0,
  jobsFinal: 0,
  warnings: [],
  error: null,
  revertedAt: null,
};

const DOB_CHANGE = {
  field: 'PID.7.1',
  label: 'Birth date (PID 7.1)',
  previous: '1980-01-02',
  next: '1980-02-01',
};
/** Issue 39: what upload 4 would change (GET /api/schedule/uploads/4/preview): a final job is listed, not changed. */
const PREVIEW = {
  ...STATUS,
  status: 'preview',
  changes: [
    {
      ...EFFECT.changes[0],
      field: 'dateOfBirth',
      label: 'Birth date (PID 7.1)',
      previous: '1980-01-02',
      next: '1980-02-01',
    },
  ],
  moreChanges: 0,
  jobs: [
    { jobId: 70, stage: 'Finished', final: true, record: 'Patient 02012345', changes: [DOB_CHANGE] },
    { jobId: 77, stage: 'Transcription', final: false, record: 'Patient 02012345', changes: [DOB_CHANGE] },
  ],
  moreJobs: 0,
  jobsChanged: 1,
  jobsFinal: 1,
  changedSincePreview: false,
  canConfirm: true,
};

function routes(permissions?: readonly string[]) {
  return signedInRoutes(undefined, permissions, {
    'POST /api/company/searchbynameorid/dun': [COMPANY],
    'GET /api/schedule/uploads': [],
  });
}

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.spyOn(document, 'cookie', 'get').mockReturnValue('XSRF-TOKEN=tok%3D1');
});

afterEach(() => {
  cleanup();
  notifications.clean();
});

describe('Schedule Upload page', () => {
  it('needs physicianScheduleUpload: without it the 403 page and no form', async () => {
    fakeApi(routes(['jobView']));
    renderApp('/schedule/upload');
    expect(await screen.findByText(enUS.errors.forbiddenLead)).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /^Client facility/ })).toBeNull();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('enables Submit only with a facility, a file and an action; Reset empties the form', async () => {
    const api = fakeApi(routes());
    renderApp('/schedule/upload');
    await screen.findByRole('heading', { name: 'Schedule Upload' });
    await waitFor(() => expect(document.title).toBe('Schedule Upload - Quill'));
    expect(submitButton()).toHaveProperty('disabled', true);
    await fillStep1();
    expect(api.called()).toContain('POST /api/company/searchbynameorid/Dun');
    expect(submitButton()).toHaveProperty('disabled', false);

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(submitButton()).toHaveProperty('disabled', true));
    expect(screen.getByRole('combobox', { name: /^Client facility/ })).toHaveProperty('value', '');
    expect(screen.getByRole('combobox', { name: /^Action/ })).toHaveProperty('value', '');
    expect(FakeXhr.sent).toHaveLength(0);
  }, 15_000);

  it("sends the file with the CSRF header and shows the server's message when it is refused", async () => {
    fakeApi(routes());
    renderApp('/schedule/upload');
    await fillStep1();
    fireEvent.click(submitButton());
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.url).toBe('/api/schedule/validateheadings');
    expect(xhr.headers['X-XSRF-TOKEN']).toBe('tok=1');
    expect(xhr.body!.get('companyId')).toBe('31');
    expect(xhr.body!.get('mshActionType')).toBe('0');
    expect(xhr.body!.get('formType')).toBe('1');
    expect(await screen.findByText(enUS.schedule.validating)).toBeTruthy();
    act(() => xhr.reply(400, { error: { code: 'bad_request', message: enUS.schedule.noRows } }));
    expect((await screen.findByTestId('schedule-upload-error')).textContent).toBe(enUS.schedule.noRows);
    // Still step 1, with the form as it was.
    expect(screen.getByRole('combobox', { name: /^Client facility/ })).toHaveProperty(
      'value',
      COMPANY.displayValue,
    );
  });

  it('maps heading by heading: dots, formats, jumps from the table, and Submit only when all are ready', async () => {
    fakeApi(routes());
    renderApp('/schedule/upload');
    await toStep2();

    // The current heading: its name and sample; the prefilled definition.
    expect(screen.getByRole('textbox', { name: 'File heading' })).toHaveProperty('value', 'Patient ID');
    expect(screen.getByRole('textbox', { name: 'Sample data' })).toHaveProperty('value', '02012345');
    expect(screen.getByRole('combobox', { name: /^ADT definition/ })).toHaveProperty(
      'value',
      'MRN (PID 3.1)',
    );
    expect(screen.getByRole('button', { name: 'Previous Heading' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('combobox', { name: /^Date format/ })).toBeNull();

    // The table: the sample rows and a dot per heading.
    const table = screen.getByRole('table', { name: enUS.schedule.sampleTable });
    expect(within(table).getByText('Okafor, Ben')).toBeTruthy();
    expect(dotOf('Patient ID')).toBe('Mapped');
    expect(dotOf('Birth')).toBe('Not mapped');
    expect(dotOf('Name')).toBe('Not mapped');

    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit.getAttribute('aria-disabled')).toBe('true');
    expect(submit.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.click(submit);
    expect(screen.queryByText(enUS.schedule.queued)).toBeNull();

    // A date definition needs a format before its dot turns green.
    fireEvent.click(headingButton('Birth'));
    await screen.findByText('Heading 2 of 3');
    expect(headingButton('Birth').getAttribute('aria-current')).toBe('true');
    await choose('ADT definition', 'DOB (PID 7.1)');
    expect(await screen.findByRole('combobox', { name: /^Date format/ })).toBeTruthy();
    expect(dotOf('Birth')).toBe('Not mapped');
    await choose('Date format', 'MM/dd/yyyy');
    await waitFor(() => expect(dotOf('Birth')).toBe('Mapped'));

    // Ignore turns the dot grey.
    fireEvent.click(screen.getByRole('button', { name: 'Next Heading' }));
    await screen.findByText('Heading 3 of 3');
    expect(screen.getByRole('button', { name: 'Next Heading' })).toHaveProperty('disabled', true);
    await choose('ADT definition', 'Ignore');
    await waitFor(() => expect(dotOf('Name')).toBe('Ignored'));
    expect(screen.getByRole('button', { name: 'Submit' }).getAttribute('aria-disabled')).toBeNull();

    // The composite name needs its name format (offered verbatim).
    await choose('ADT definition', 'Patient Name (composite) (PID 5)');
    expect(dotOf('Name')).toBe('Not mapped');
    expect(screen.getByRole('button', { name: 'Submit' }).getAttribute('aria-disabled')).toBe('true');
    const composite = screen.getByRole('combobox', { name: /^Composite name format/ });
    fireEvent.click(composite);
    await waitFor(() => expect(composite.getAttribute('aria-controls')).toBeTruthy());
    const listbox = document.getElementById(composite.getAttribute('aria-controls')!)!;
    const formats = within(listbox).getAllByRole('option', { hidden: true });
    expect(formats.map((o) => o.textContent)).toEqual([
      'FirstName MiddleName LastName',
      'LastName, FirstName MiddleName',
      'LastName FirstName MiddleName',
    ]);
    fireEvent.click(formats[1]!);
    await waitFor(() => expect(dotOf('Name')).toBe('Mapped'));
    expect(screen.getByRole('button', { name: 'Submit' }).getAttribute('aria-disabled')).toBeNull();

    // Back keeps step 1 as it was.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('combobox', { name: /^Client facility/ })).toHaveProperty(
      'value',
      COMPANY.displayValue,
    );
    expect(submitButton()).toHaveProperty('disabled', false);
  }, 15_000);

  it('shows the errors of an answer with hasErrors and stays on step 2', async () => {
    const api = fakeApi({
      ...routes(),
      'POST /api/schedule/SubmitScheduleHeadings': {
        hasErrors: true,
        errors: [enUS.schedule.visitRequired],
        warnings: [],
        uploadId: null,
      },
    });
    renderApp('/schedule/upload');
    await toStep2();
    await mapAll();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const errors = await screen.findByTestId('schedule-headings-errors');
    expect(errors.textContent).toBe(`${enUS.schedule.submitHeadingsErrors}${enUS.schedule.visitRequired}`);
    expect(screen.getByText('Heading 3 of 3')).toBeTruthy();

    const sent = api.calls.find((c) => c.path === '/api/schedule/SubmitScheduleHeadings')!;
    expect(sent.method).toBe('POST');
    expect(sent.body).toEqual({
      companyId: 31,
      companyName: COMPANY.name,
      fileName: 'schedule.csv',
      revisedFileName: 'f3a9.csv',
      mappingItems: [
        VALIDATED.mappingItems[0],
        { ...VALIDATED.mappingItems[1], adtDefinition: DOB, dateTimeFormat: 'MM/dd/yyyy' },
        { ...VALIDATED.mappingItems[2], adtDefinition: COMPOSITE_NAME_DEFINITION, compositeColumnFormat: 0 },
      ],
      mappingsExist: false,
      defaultValues: {},
      actionType: 0,
      sampleTableData: VALIDATED.sampleDataTable,
      adtDefinitions: VALIDATED.adtDefinitions,
      dateFormats: VALIDATED.dateFormats,
    });
  }, 15_000);

  it('a failed submit says so in a toast and stays on step 2', async () => {
    fakeApi({
      ...routes(),
      'POST /api/schedule/SubmitScheduleHeadings': apiError(500, 'internal', 'Boom'),
    });
    renderApp('/schedule/upload');
    await toStep2();
    await mapAll();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(enUS.schedule.submitHeadingsFailed)).toBeTruthy();
    expect(screen.getByText('Heading 3 of 3')).toBeTruthy();
    expect(screen.queryByText(enUS.schedule.queued)).toBeNull();
  }, 15_000);

  it('step 3: queued, the warnings, the processing state until done, and Upload another Schedule', async () => {
    let state = 'queued';
    const api = fakeApi({
      ...routes(),
      'POST /api/schedule/SubmitScheduleHeadings': {
        hasErrors: false,
        errors: [],
        warnings: ['Row 2: "Birth" value "13/13/1975" is not a valid date; the value was skipped.'],
        uploadId: 4,
      },
      'GET /api/schedule/status/4': () => ({ ...STATUS, status: state }),
      'GET /api/schedule/uploads/4/effect': {
        ...EFFECT,
        uploadId: 4,
      },
      'GET /api/schedule/uploads/4/preview': PREVIEW,
      'POST /api/schedule/uploads/4/confirm': () => {
        state = 'confirmed';
        return { ...STATUS, status: 'confirmed' };
      },
      'POST /api/schedule/uploads/4/revert': {
        uploadId: 4,
        revertedAt: '2026-11-25T00:40:00.000Z',
        restored: 2,
      },
    });
    renderApp('/schedule/upload');
    await toStep2();
    await mapAll();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const done = await screen.findByTestId('schedule-upload-done');
    expect(within(done).getByText(enUS.schedule.queued)).toBeTruthy();
    expect(within(done).getByTestId('schedule-upload-warnings').textContent).toContain('13/13/1975');
    expect(await within(done).findByText(enUS.schedule.statusQueued)).toBeTruthy();

    // Issue 39: worked out, then shown — nothing applied until Apply these changes.
    state = 'preview';
    const preview = await within(done).findByTestId('schedule-upload-preview', undefined, { timeout: 5_000 });
    expect(within(done).getByTestId('schedule-upload-title').textContent).toBe(enUS.schedule.previewTitle);
    expect(within(preview).getByTestId('schedule-preview-job-counts').textContent).toBe(
      '1 jobs will change; 1 final jobs will not be changed.',
    );
    const jobRows = within(within(preview).getByTestId('schedule-preview-jobs')).getAllByRole('row').slice(1);
    expect(jobRows.map((r) => r.textContent)).toEqual([
      '70FinishedPatient 02012345Birth date (PID 7.1): 1980-01-02 → 1980-02-01Not changed: final',
      '77TranscriptionPatient 02012345Birth date (PID 7.1): 1980-01-02 → 1980-02-01Will change',
    ]);
    expect(api.called()).not.toContain('POST /api/schedule/uploads/4/confirm');
    expect(within(done).queryByTestId('schedule-upload-effect')).toBeNull();
    fireEvent.click(within(preview).getByRole('button', { name: enUS.schedule.confirm }));
    await waitFor(() => expect(api.called()).toContain('POST /api/schedule/uploads/4/confirm'));
    expect(await within(done).findByText(enUS.schedule.statusConfirmed)).toBeTruthy();

    // Asked again every 2 s until done.
    state = 'done';
    expect(
      await within(done).findByText(
        'Processed 2 rows: 2 patients added, 0 updated; 2 visits added, 0 updated, 0 deleted; 0 rows skipped.',
        undefined,
        { timeout: 5_000 },
      ),
    ).toBeTruthy();
    const polls = api.called().filter((c) => c === 'GET /api/schedule/status/4').length;
    expect(polls).toBeGreaterThanOrEqual(2);
    // Processed, not also queued.
    expect(within(done).getByTestId('schedule-upload-title').textContent).toBe(enUS.schedule.processed);
    expect(within(done).queryByText(enUS.schedule.queued)).toBeNull();
    // What it changed, and Revert after a confirmation.
    expect((await within(done).findByTestId('schedule-upload-effect-counts')).textContent).toBe(
      '2 patients, 1 visits and 1 jobs changed. (77)',
    );
    expect(within(done).getByRole('cell', { name: 'Patient 02012345' })).toBeTruthy();
    fireEvent.click(within(done).getByRole('button', { name: 'Revert the upload schedule.csv' }));
    const confirm = within(done).getByTestId('schedule-revert-confirm');
    expect(confirm.textContent).toContain('Revert the upload schedule.csv?');
    expect(api.called()).not.toContain('POST /api/schedule/uploads/4/revert');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revert' }));
    expect(await screen.findByText('The upload schedule.csv was reverted.')).toBeTruthy();
    expect(api.called()).toContain('POST /api/schedule/uploads/4/revert');

    fireEvent.click(within(done).getByRole('button', { name: 'Upload another Schedule' }));
    expect(await screen.findByRole('combobox', { name: /^Client facility/ })).toHaveProperty('value', '');
    expect(submitButton()).toHaveProperty('disabled', true);
  }, 25_000);

  it('previews the names as they will be stored and warns when they look like another format', async () => {
    fakeApi(routes());
    renderApp('/schedule/upload');
    await toStep2();
    await mapAll();
    const preview = await screen.findByTestId('schedule-name-preview');
    const rows = () =>
      within(preview)
        .getAllByRole('row')
        .map((r) =>
          within(r)
            .queryAllByRole('cell')
            .map((c) => c.textContent),
        );
    expect(within(preview).getByText(enUS.schedule.namePreview)).toBeTruthy();
    expect(rows().slice(1)).toEqual([
      ['Clarke, Hannah', 'Hannah', '', 'Clarke'],
      ['Okafor, Ben', 'Ben', '', 'Okafor'],
    ]);
    expect(screen.queryByTestId('schedule-name-warning')).toBeNull();

    await choose('Composite name format', 'FirstName MiddleName LastName');
    await waitFor(() => expect(rows()[1]).toEqual(['Clarke, Hannah', 'Clarke', '', 'Hannah']));
    expect(screen.getByTestId('schedule-name-warning').textContent).toBe(
      'Some names contain a comma, which suggests the format "LastName, FirstName MiddleName". With "FirstName MiddleName LastName" they would be stored as shown below: check them before you submit.',
    );
    // A warning, not a block: the user can still submit knowingly.
    expect(submitButton().getAttribute('aria-disabled')).toBeNull();
  }, 15_000);

  it('lists recent uploads; their changes show again and a refused revert says why', async () => {
    const api = fakeApi({
      ...routes(),
      'GET /api/schedule/uploads': [
        {
          uploadId: 9,
          fileName: 'schedule.csv',
          kind: 'SCHEDULE',
          status: 'done',
          createdAt: '2026-11-24T09:30:00.000Z',
          revertedAt: null,
          canRevert: true,
        },
        {
          uploadId: 8,
          fileName: 'old.csv',
          kind: 'SCHEDULE',
          status: 'done',
          createdAt: '2026-11-23T09:30:00.000Z',
          revertedAt: '2026-11-24T08:00:00.000Z',
          canRevert: false,
        },
      ],
      'GET /api/schedule/uploads/9/effect': EFFECT,
      'POST /api/schedule/uploads/9/revert': apiError(
        409,
        'conflict',
        'Upload 9 cannot be reverted: Patient 02012345 was changed since (lastName). Revert the later change first or correct it by hand.',
      ),
    });
    renderApp('/schedule/upload');
    const list = await screen.findByTestId('schedule-recent-uploads', {}, { timeout: 5000 });
    expect(within(list).getByText('Reverted')).toBeTruthy();
    expect(within(list).getByText('Processed')).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: 'Show changes of schedule.csv' }));
    expect((await screen.findByTestId('schedule-upload-effect-counts')).textContent).toContain(
      '2 patients, 1 visits and 1 jobs changed.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Revert the upload schedule.csv' }));
    fireEvent.click(
      within(screen.getByTestId('schedule-revert-confirm')).getByRole('button', { name: 'Revert' }),
    );
    expect((await screen.findByRole('alert', {}, { timeout: 3000 })).textContent).toBe(
      'The upload could not be reverted: Upload 9 cannot be reverted: Patient 02012345 was changed since (lastName). Revert the later change first or correct it by hand.',
    );
    expect(api.called()).toContain('POST /api/schedule/uploads/9/revert');
  }, 15_000);
});
