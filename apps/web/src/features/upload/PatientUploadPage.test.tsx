import { notifications } from '@mantine/notifications';
import { enUS } from '@quill/core/i18n/enUS';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../app/testing/fakeApi';
import { signedInRoutes } from '../../app/testing/fixtures';
import { FakeXhr } from '../../test/fakeXhr';
import { renderApp } from '../../test/renderApp';
import { COMPANY, mapAll, submitButton, toStep2 } from './uploadTestKit';

const TITLE = enUS.schedule.patientTitle;

/** A processed upload of each kind: the Patient Upload lists its own (ADT) only. */
const RECENT = [
  {
    uploadId: 12,
    fileName: 'patients.csv',
    kind: 'ADT',
    status: 'done',
    createdAt: '2026-11-24T09:30:00.000Z',
    revertedAt: null,
    canRevert: true,
  },
  {
    uploadId: 11,
    fileName: 'schedule.csv',
    kind: 'SCHEDULE',
    status: 'done',
    createdAt: '2026-11-23T09:30:00.000Z',
    revertedAt: null,
    canRevert: true,
  },
];

function routes(permissions?: readonly string[]) {
  return signedInRoutes(undefined, permissions, {
    'POST /api/company/searchbynameorid/dun': [COMPANY],
    'GET /api/schedule/uploads': RECENT,
    'POST /api/schedule/SubmitADTHeadings': { hasErrors: false, errors: [], warnings: [], uploadId: 12 },
    'GET /api/schedule/status/12': {
      uploadId: 12,
      fileName: 'patients.csv',
      status: 'done',
      rowsTotal: 2,
      patientsAdded: 2,
      patientsUpdated: 0,
      visitsAdded: 0,
      visitsUpdated: 0,
      visitsDeleted: 0,
      rowsSkipped: 0,
      jobsChanged: 0,
      jobsFinal: 0,
      warnings: [],
      error: null,
      revertedAt: null,
    },
    'GET /api/schedule/uploads/12/effect': {
      uploadId: 12,
      fileName: 'patients.csv',
      patients: 2,
      visits: 0,
      jobs: 0,
      jobIds: [],
      finalJobs: 0,
      finalJobIds: [],
      changes: [],
      moreChanges: 0,
      revertedAt: null,
      canRevert: true,
    },
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

describe('Patient Upload page (issue 20, Upload ▸ Patient)', () => {
  it('needs adtUpload: the schedule permission alone gets the 403 page and no form', async () => {
    fakeApi(routes(['jobView', 'physicianScheduleUpload']));
    renderApp('/patient/upload');
    expect(await screen.findByText(enUS.errors.forbiddenLead)).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /^Client facility/ })).toBeNull();
  });

  it('is the upload flow with the ADT form type: formType 0, SubmitADTHeadings, its own recent uploads', async () => {
    const api = fakeApi(routes(['jobView', 'adtUpload']));
    renderApp('/patient/upload');
    await waitFor(() => expect(document.title).toBe(`${TITLE} - Quill`));
    const recent = await screen.findByTestId('schedule-recent-uploads', {}, { timeout: 5000 });
    expect(within(recent).getByText('patients.csv')).toBeTruthy();
    expect(within(recent).queryByText('schedule.csv')).toBeNull();

    await toStep2(undefined, TITLE);
    expect(FakeXhr.sent[0]!.url).toBe('/api/schedule/validateheadings');
    expect(FakeXhr.sent[0]!.body!.get('formType')).toBe('0');
    await mapAll();
    const listed = () => api.called().filter((c) => c === 'GET /api/schedule/uploads').length;
    const listedBefore = listed();
    fireEvent.click(submitButton());

    const done = await screen.findByTestId('schedule-upload-done');
    expect(
      await within(done).findByText(
        'Processed 2 rows: 2 patients added, 0 updated; 0 visits added, 0 updated, 0 deleted; 0 rows skipped.',
      ),
    ).toBeTruthy();
    expect(api.called()).toContain('POST /api/schedule/SubmitADTHeadings');
    expect(api.called()).not.toContain('POST /api/schedule/SubmitScheduleHeadings');
    const sent = api.calls.find((c) => c.path === '/api/schedule/SubmitADTHeadings')!;
    expect(sent.body).toMatchObject({ companyId: COMPANY.id, actionType: 0, revisedFileName: 'f3a9.csv' });

    fireEvent.click(within(done).getByRole('button', { name: enUS.schedule.uploadAnotherPatient }));
    expect(await screen.findByRole('combobox', { name: /^Client facility/ })).toHaveProperty('value', '');
    expect(screen.getByRole('heading', { name: TITLE })).toBeTruthy();
    // The recent uploads are asked for again, not read from the cache: they list this one at once.
    await waitFor(() => expect(listed()).toBeGreaterThan(listedBefore));
  }, 20_000);
});
