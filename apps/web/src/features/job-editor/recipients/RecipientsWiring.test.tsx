import { notifications } from '@mantine/notifications';
import { enUS } from '@quill/core/i18n/enUS';
import { PERMISSIONS } from '@quill/core/rules/auth/permissions';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../app/testing/fakeApi';
import { signedInRoutes } from '../../../app/testing/fixtures';
import { renderApp } from '../../../test/renderApp';
import { jobAdt } from '../adt/testing';
import { physician, recipient, workType } from '../details/testing';
import { jobDetails, jobRoutesFor } from '../testing/jobFixtures';
import { addCustomInModal, chooseInModal, TURING } from './testing';

const view = enUS.jobView;
const r = enUS.recipients;
const m = enUS.physicianModal;
const ONE_TO_TWO = workType({ minAddressees: 1, maxAddressees: 2 });

beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
beforeEach(() => {
  localStorage.clear();
  notifications.clean();
});

function setup(details = jobDetails({ workType: ONE_TO_TWO }), permissions: readonly string[] = PERMISSIONS) {
  const api = fakeApi(
    signedInRoutes(undefined, permissions, {
      ...jobRoutesFor(),
      'GET /api/job/GetJobDetails': details,
      'GET /api/job/GetClientFacilityWorktypes': [ONE_TO_TWO],
      'GET /api/job/getadtdata': jobAdt(),
      'GET /api/jobs/SearchPhysicians': [physician(), TURING],
      'POST /api/job/bookoutjob': { success: true, bookingCookie: 'c1', expiresAt: 'x', messages: [] },
      'GET /api/job/getjobversion': { version: 2 },
      'POST /api/job/savejob': { success: true, version: 3, stageId: 3, stageName: 'Hold Queue', flags: [] },
      'POST /api/job/SavePhysician': { userId: 31 },
    }),
  );
  renderApp('/job/42');
  return api;
}

/** Books the job out and shows the Recipients card. */
async function editRecipients() {
  await screen.findByRole('textbox', { name: view.editorLabel }, { timeout: 15_000 });
  fireEvent.click(screen.getByRole('button', { name: view.edit }));
  await screen.findByText(view.editing);
  fireEvent.click(screen.getByRole('button', { name: view.panelRecipients }));
  const card = screen.getByRole('region', { name: r.title });
  await waitFor(() =>
    expect(within(card).getByRole('button', { name: r.addCarbonCopy })).toHaveProperty('disabled', false),
  );
  return card;
}

/** The save menu's items and its label (the menu closed again). */
async function saveModes() {
  const save = screen.getByRole('button', { name: view.save });
  fireEvent.click(save);
  // Floating UI may hide the dropdown of a target jsdom gives no box (hideDetached).
  const found = await screen.findAllByRole('menuitem', { hidden: true });
  const items = found.map((i) => i.textContent);
  const label = found[0]?.closest('[role="menu"]')?.textContent ?? '';
  fireEvent.click(save);
  await waitFor(() => expect(screen.queryByRole('menuitem', { hidden: true })).toBeNull());
  return { items, label };
}

async function pickInModal(name: RegExp, button = m.confirm) {
  const dialog = await screen.findByRole('dialog');
  await chooseInModal(dialog, name);
  fireEvent.click(within(dialog).getByRole('button', { name: button }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe('Recipients in the job view (spec 02 §5, issue 21)', { timeout: 30_000 }, () => {
  it('hides Save and move on and Save and finish outside the limits, and saves the recipients as edited', async () => {
    const api = setup(jobDetails({ workType: ONE_TO_TWO, componentType: 'HI' }));
    const card = await editRecipients();
    let menu = await saveModes();
    expect(menu.items).not.toContain(view.saveModes.moveOn);
    expect(menu.items).not.toContain(view.saveModes.finish);
    expect(menu.label).toContain(view.limitedSaveOptions);
    expect(menu.label).toContain(view.addAddressees);

    fireEvent.click(within(card).getByRole('button', { name: r.addAddressee }));
    await pickInModal(/Grace Hopper/);
    fireEvent.click(within(card).getAllByRole('button', { name: r.includePatient })[0]!);
    expect(await screen.findByText(view.changed)).toBeTruthy();
    menu = await saveModes();
    expect(menu.items).toContain(view.saveModes.moveOn);
    expect(menu.items).toContain(view.saveModes.finish);

    fireEvent.click(screen.getByRole('button', { name: view.save }));
    fireEvent.click(await screen.findByRole('menuitem', { name: view.saveModes.saveOnly, hidden: true }));
    await waitFor(() => expect(api.called()).toContain('POST /api/job/savejob'));
    const save = api.calls.find((c) => c.path === '/api/job/savejob')!.body as {
      setJobDataRequest: { recipients: unknown };
    };
    expect(save.setJobDataRequest.recipients).toEqual([
      { physicianId: 7, isAddressee: true, isPatient: false, removed: false },
      { physicianId: null, isAddressee: true, isPatient: true, removed: false },
    ]);
  });

  it('offers Save and move on again once too many addressees are removed', async () => {
    const three = [100, 101, 102].map((id) => recipient({ id, userId: id, lastName: `Doe${id}` }));
    setup(jobDetails({ workType: ONE_TO_TWO, recipients: three }));
    const card = await editRecipients();
    expect((await saveModes()).label).toContain(view.removeAddressees);
    fireEvent.click(within(card).getByRole('button', { name: 'Remove Dr Grace Doe102' }));
    expect((await saveModes()).items).toContain(view.saveModes.moveOn);
  });

  it.each([
    ['without Dictator add', jobDetails(), PERMISSIONS.filter((p) => p !== 'dictatorAdd')],
    ['on a job with a recipient registry id', jobDetails({ hasRecipientRegistryId: true }), PERMISSIONS],
  ])('offers no Confirm and Save %s', async (_, details, permissions) => {
    setup(details, permissions);
    const card = await editRecipients();
    fireEvent.click(within(card).getByRole('button', { name: r.addCarbonCopy }));
    const dialog = await screen.findByRole('dialog', { name: 'Search for Carbon Copy' });
    addCustomInModal(dialog, {});
    expect(within(dialog).getByRole('button', { name: m.confirm })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: m.confirmAndSave })).toBeNull();
  });

  it('offers Confirm and Save with Dictator add on a job without a registry id', async () => {
    setup();
    const card = await editRecipients();
    fireEvent.click(within(card).getByRole('button', { name: r.addCarbonCopy }));
    const dialog = await screen.findByRole('dialog', { name: 'Search for Carbon Copy' });
    expect(within(dialog).getByRole('button', { name: m.confirmAndSave })).toBeTruthy();
  });

  it('chooses the dictator and an ADT physician in the Physician modal', async () => {
    const api = setup();
    await editRecipients();
    fireEvent.click(screen.getByRole('button', { name: view.panelDocument }));
    fireEvent.click(screen.getByRole('button', { name: 'Search for Dictator' }));
    expect(await screen.findByRole('dialog', { name: 'Search for Dictator' })).toBeTruthy();
    await pickInModal(/Alan Turing/);
    expect(screen.getByRole('combobox', { name: enUS.jobDetails.dictator })).toHaveProperty(
      'value',
      'Alan Turing',
    );

    fireEvent.click(screen.getByRole('button', { name: view.panelPatient }));
    const change = await screen.findByRole('button', { name: 'Change Referring Physician' });
    fireEvent.click(change);
    expect(await screen.findByRole('dialog', { name: 'Search for Physician' })).toBeTruthy();
    await pickInModal(/Alan Turing/);
    expect(screen.getByLabelText('Referring Physician')).toHaveProperty('value', 'Alan Turing');
    fireEvent.click(screen.getByRole('button', { name: view.save }));
    fireEvent.click(await screen.findByRole('menuitem', { name: view.saveModes.saveOnly, hidden: true }));
    await waitFor(() => expect(api.called()).toContain('POST /api/job/savejob'));
    const save = api.calls.find((c) => c.path === '/api/job/savejob')!.body as {
      setJobDataRequest: Record<string, unknown>;
    };
    expect(save.setJobDataRequest).toMatchObject({
      dictator: 8,
      hl7Physician: [
        { hl7IdentifierBase: { segment: 'PV1', field: 7 }, physicianId: 7 },
        { hl7IdentifierBase: { segment: 'PV1', field: 8 }, physicianId: 8 },
      ],
    });
  });

  it('makes a custom physician the dictator only through Confirm and Save', async () => {
    const api = setup();
    await editRecipients();
    fireEvent.click(screen.getByRole('button', { name: view.panelDocument }));
    fireEvent.click(screen.getByRole('button', { name: 'Search for Dictator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Search for Dictator' });
    addCustomInModal(dialog, { firstName: 'Ann', lastName: 'Lee' });
    expect(within(dialog).getByRole('button', { name: m.confirm })).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByRole('button', { name: m.confirmAndSave }));
    expect(await screen.findByText('Ann Lee was saved to the system')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: enUS.jobDetails.dictator })).toHaveProperty(
        'value',
        'Ann Lee',
      ),
    );
    expect(api.calls.find((c) => c.path === '/api/job/SavePhysician')?.body).toMatchObject({
      jobId: 42,
      physicianSearchType: 0,
      physician: { firstName: 'Ann', lastName: 'Lee' },
    });
  });
});
