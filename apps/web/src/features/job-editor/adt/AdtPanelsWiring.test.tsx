import { notifications } from '@mantine/notifications';
import { enUS } from '@quill/core/i18n/enUS';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeRequest, fakeApi } from '../../../app/testing/fakeApi';
import { signedInRoutes } from '../../../app/testing/fixtures';
import { renderApp } from '../../../test/renderApp';
import { physician } from '../details/testing';
import { jobDataOf } from '../jobApi';
import { jobDetails, jobRoutesFor } from '../testing/jobFixtures';
import { acceptedAdt, SEARCH_CONFIGURATION, searchResult } from './search/testing';
import { jobAdt, physicianItem } from './testing';

const p = enUS.adtPanel;
const view = enUS.jobView;
const d = enUS.jobDetails;

beforeEach(() => {
  localStorage.clear();
  notifications.clean();
});

/**
 * RefreshJobData's answer: the job data and the ADT with the posted values, the attending
 * physician following the change.
 */
function refreshed(request: FakeRequest) {
  const posted = (request.body as { inputAdtData: { value: string | null }[] }).inputAdtData;
  const adt = jobAdt();
  const details = jobDetails();
  const turing = physician({ userId: 8, firstName: 'Alan', lastName: 'Turing', prefix: null });
  return {
    ...jobDataOf(details, details.jobNote, false),
    department: 2,
    stageId: 3,
    companyId: 10,
    componentType: 'TR',
    isPreTranscription: false,
    version: 2,
    workType: details.workType,
    recipients: [],
    holdQueueFlags: [],
    adt: {
      ...adt,
      outputAdtData: adt.outputAdtData.map((item, i) => ({ ...item, value: posted[i]?.value ?? null })),
      hl7Physician: [physicianItem({ physician: turing })],
    },
  };
}

function setup(overrides: Record<string, unknown> = {}) {
  const api = fakeApi(
    signedInRoutes(undefined, undefined, {
      ...jobRoutesFor(),
      'GET /api/job/getadtdata': jobAdt(),
      'GET /api/job/getDepartmentsByJobId/42': [{ id: 2, name: 'Radiology' }],
      'POST /api/job/bookoutjob': { success: true, bookingCookie: 'c1', expiresAt: 'x', messages: [] },
      'POST /api/job/RefreshJobData': refreshed,
      'GET /api/job/getjobversion': { version: 2 },
      'POST /api/job/savejob': { success: true, version: 3, stageId: 3, stageName: 'Hold Queue', flags: [] },
      ...overrides,
    }),
  );
  renderApp('/job/42');
  return api;
}

const openPanel = async (name: string) =>
  fireEvent.click(await screen.findByRole('button', { name }, { timeout: 15_000 }));
const patientPanel = () => screen.findByRole('region', { name: p.title });

describe('Patient & Visit and Orders panels in the job view', { timeout: 30_000 }, () => {
  it("saves the panels' changes with the job data, and refreshes the ADT when a detail changes", async () => {
    const api = setup();
    await openPanel(view.panelPatient);
    const panel = await patientPanel();
    expect(within(panel).getByLabelText('Last Name')).toHaveProperty('readOnly', true);

    fireEvent.click(screen.getByRole('button', { name: view.edit }));
    await waitFor(() => expect(within(panel).getByLabelText('Last Name')).toHaveProperty('readOnly', false));
    fireEvent.change(within(panel).getByLabelText('Last Name'), { target: { value: 'Smith' } });
    expect(await screen.findByText(view.changed)).toBeTruthy();

    // A new department refreshes the ADT: the attending physician follows.
    fireEvent.click(screen.getByRole('button', { name: view.panelDocument }));
    const card = screen.getByRole('region', { name: d.title });
    fireEvent.click(within(card).getByRole('combobox', { name: d.department }));
    fireEvent.click(await screen.findByRole('option', { name: 'Radiology', hidden: true }));
    await waitFor(() => expect(api.called()).toContain('POST /api/job/RefreshJobData'));
    const refresh = api.calls.find((c) => c.path === '/api/job/RefreshJobData')!.body;
    expect(refresh).toMatchObject({ jobId: 42, department: 2 });
    expect((refresh as { inputAdtData: unknown[] }).inputAdtData).toContainEqual({
      hl7Identifier: { segment: 'PID', field: 5, component: 1 },
      value: 'Smith',
    });
    fireEvent.click(screen.getByRole('button', { name: view.panelPatient }));
    await waitFor(() =>
      expect(within(panel).getByLabelText('Attending Physician')).toHaveProperty('value', 'Alan Turing'),
    );

    // Orders: add one, then save.
    fireEvent.click(screen.getByRole('button', { name: view.panelOrders }));
    fireEvent.click(screen.getByRole('button', { name: p.addOrder }));
    fireEvent.click(screen.getByRole('button', { name: view.save }));
    fireEvent.click(await screen.findByRole('menuitem', { name: view.saveModes.saveOnly }));
    await waitFor(() => expect(api.called()).toContain('POST /api/job/savejob'));
    const save = api.calls.find((c) => c.path === '/api/job/savejob')!.body as {
      setJobDataRequest: Record<string, unknown>;
    };
    expect(save.setJobDataRequest).toMatchObject({
      department: 2,
      hl7Physician: [{ hl7IdentifierBase: { segment: 'PV1', field: 7 }, physicianId: 8 }],
      orderData: [
        { instanceId: '501', orderId: 77 },
        { instanceId: 'new-2', orderId: null },
      ],
    });
    expect(save.setJobDataRequest.inputAdtData).toContainEqual({
      hl7Identifier: { segment: 'PID', field: 5, component: 1 },
      value: 'Smith',
    });
  });

  it('opens the search, sends no ADT when it was not changed, and shows Orders only with orders', async () => {
    const api = setup({ 'GET /api/job/getadtdata': jobAdt({ orderTemplate: null, orderData: [] }) });
    await openPanel(view.panelPatient);
    await patientPanel();
    expect(screen.queryByRole('button', { name: view.panelOrders })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: view.edit }));
    // Search opens the Search & Accept ADT modal in edit mode.
    const search = screen.getByRole('button', { name: p.search });
    await waitFor(() => expect(search).toHaveProperty('disabled', false));
    fireEvent.click(search);
    expect(await screen.findByRole('dialog', { name: enUS.adt.searchModal.title })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: enUS.adt.searchModal.close }));
    fireEvent.click(await screen.findByRole('button', { name: view.save }));
    fireEvent.click(await screen.findByRole('menuitem', { name: view.saveModes.saveOnly }));
    await waitFor(() => expect(api.called()).toContain('POST /api/job/savejob'));
    const save = api.calls.find((c) => c.path === '/api/job/savejob')!.body as {
      setJobDataRequest: Record<string, unknown>;
    };
    expect(save.setJobDataRequest).not.toHaveProperty('inputAdtData');
    expect(save.setJobDataRequest).not.toHaveProperty('orderData');
  });

  it('after Accept ADT shows the new patient and flags in the details, without reloading the document', async () => {
    let accepted = false;
    const api = setup({
      'GET /api/job/getadtdata': jobAdt({ adtSearchConfiguration: SEARCH_CONFIGURATION }),
      'POST /api/job/searchadt': searchResult(),
      'POST /api/job/acceptadt': () => {
        accepted = true;
        return acceptedAdt();
      },
      'GET /api/job/GetJobDetails': () =>
        accepted ? jobDetails({ patientName: 'Okafor, Grace', holdQueueFlags: [] }) : jobDetails(),
    });
    await openPanel(view.panelPatient);
    const panel = await patientPanel();
    const header = screen.getByRole('region', { name: view.details });
    expect(within(header).getByText('Doe, Jane')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: view.edit }));
    const search = within(panel).getByRole('button', { name: p.search });
    await waitFor(() => expect(search).toHaveProperty('disabled', false));
    fireEvent.click(search);
    const modal = await screen.findByRole('dialog', { name: enUS.adt.searchModal.title });
    fireEvent.change(within(modal).getByLabelText('Last Name'), { target: { value: 'Doe' } });
    fireEvent.click(within(modal).getByRole('button', { name: enUS.adt.searchModal.search }));
    fireEvent.click(await within(modal).findByRole('radio', { name: /Jane/ }));
    fireEvent.click(within(modal).getByRole('button', { name: /^Accept Patient/ }));

    expect(await within(header).findByText('Okafor, Grace')).toBeTruthy();
    // Still in edit mode with the document as it was: read once, and the booking kept.
    expect(screen.getByText(view.editing)).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/api/job/getcda')).toHaveLength(1);
    expect(api.called()).not.toContain('POST /api/job/cancelbooking');
    fireEvent.click(screen.getByRole('button', { name: view.panelDocument }));
    expect(await screen.findByText(d.noHoldQueueFlags)).toBeTruthy();
  });

  it('keeps Patient & Visit disabled without a patient-data permission and asks nothing', async () => {
    const api = fakeApi(
      signedInRoutes(undefined, ['jobView', 'jobViewDetails', 'jobViewText'], jobRoutesFor()),
    );
    renderApp('/job/42');
    const button = await screen.findByRole('button', { name: view.panelPatient }, { timeout: 15_000 });
    expect(button).toHaveProperty('disabled', true);
    expect(api.called()).not.toContain('GET /api/job/getadtdata');
  });
});
