import { notifications } from '@mantine/notifications';
import { enUS } from '@quill/core/i18n/enUS';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Editor } from '@tiptap/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../app/testing/fakeApi';
import { signedInRoutes } from '../../../app/testing/fixtures';
import { renderApp } from '../../../test/renderApp';
import { jobDetails, jobRoutesFor } from '../testing/jobFixtures';
import { workType } from './testing';

const d = enUS.jobDetails;
const view = enUS.jobView;

beforeEach(() => {
  localStorage.clear();
  notifications.clean();
});

function setup(overrides: Record<string, unknown> = {}) {
  const api = fakeApi(
    signedInRoutes(undefined, undefined, {
      ...jobRoutesFor(),
      'GET /api/job/GetJobDetails': jobDetails({ stageId: 8, stageName: 'Pending Fax' }),
      'GET /api/job/GetClientFacilityWorktypes': [workType(), workType({ id: 6, name: 'Letter' })],
      'GET /api/job/getDepartmentsByJobId/42': [{ id: 2, name: 'Radiology' }],
      'GET /api/job/getLocationsByJobId/42': [],
      'POST /api/job/bookoutjob': {
        success: true,
        bookingCookie: 'c1',
        expiresAt: '2026-03-01T10:10:00Z',
        messages: [],
      },
      'GET /api/job/getjobversion': { version: 2 },
      'POST /api/job/savejob': { success: true, version: 3, stageId: 8, stageName: 'Pending Fax', flags: [] },
      'POST /api/job/RunHoldQueueCheck': [
        { ruleCode: 'NODICT', ruleDescription: 'No dictator', isTriggered: false },
      ],
      ...overrides,
    }),
  );
  renderApp('/job/42');
  return api;
}

async function editor(): Promise<Editor> {
  const dom = await screen.findByRole('textbox', { name: view.editorLabel }, { timeout: 5000 });
  return (dom as HTMLElement & { editor: Editor }).editor;
}

describe('Document Details card in the job view', { timeout: 20_000 }, () => {
  it('is disabled in view mode and its edits are saved with the job data in edit mode', async () => {
    const api = setup();
    const e = await editor();
    const card = await screen.findByRole('region', { name: d.title });
    expect(within(card).getByRole('checkbox', { name: d.stat })).toHaveProperty('disabled', true);
    expect(within(card).queryByRole('group', { name: d.jobOptions })).toBeNull();
    expect(api.called()).not.toContain('GET /api/job/GetClientFacilityWorktypes');

    fireEvent.click(screen.getByRole('button', { name: view.edit }));
    await waitFor(() => expect(e.isEditable).toBe(true));
    await waitFor(() =>
      expect(within(card).getByRole('checkbox', { name: d.stat })).toHaveProperty('disabled', false),
    );
    fireEvent.click(within(card).getByRole('checkbox', { name: d.stat }));
    expect(await screen.findByText(view.changed)).toBeTruthy();
    fireEvent.click(within(card).getByRole('checkbox', { name: d.skipPrint }));
    fireEvent.click(within(card).getByRole('combobox', { name: d.workType }));
    fireEvent.click(await screen.findByRole('option', { name: 'Letter', hidden: true }));

    fireEvent.click(within(card).getByRole('button', { name: d.checkFlags }));
    expect(await screen.findByRole('dialog', { name: d.checkJobTitle })).toBeTruthy();
    const check = api.calls.find((c) => c.path === '/api/job/RunHoldQueueCheck')!.body;
    expect(check).toMatchObject({
      jobId: 42,
      setJobDataRequest: { stat: 'M', skipPrint: true, workTypeId: 6 },
    });
    fireEvent.click(screen.getByRole('button', { name: d.close }));

    fireEvent.click(screen.getByRole('button', { name: view.save }));
    fireEvent.click(await screen.findByRole('menuitem', { name: view.saveModes.saveOnly }));
    await waitFor(() => expect(api.called()).toContain('POST /api/job/savejob'));
    const save = api.calls.find((c) => c.path === '/api/job/savejob')!.body;
    expect(save).toMatchObject({
      setJobDataRequest: {
        jobId: 42,
        dictator: 3,
        stat: 'M',
        skipPrint: true,
        workTypeId: 6,
        skipExport: false,
      },
    });
    await act(async () => {});
  });
});
