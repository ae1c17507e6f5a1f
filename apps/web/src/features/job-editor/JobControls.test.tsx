import { enUS } from '@quill/core/i18n/enUS';
import { PERMISSIONS } from '@quill/core/rules/auth/permissions';
import { cleanup, configure, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../app/testing/fakeApi';
import { signedInRoutes } from '../../app/testing/fixtures';
import { renderApp } from '../../test/renderApp';
import { jobDetails, jobRoutesFor } from './testing/jobFixtures';

const view = enUS.jobView;
const finished = { 'GET /api/job/GetJobDetails': jobDetails({ stageId: 13, stageName: 'Finished' }) };

beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterEach(() => cleanup());

function setup(overrides: Record<string, unknown> = {}, permissions: readonly string[] = PERMISSIONS) {
  const api = fakeApi(signedInRoutes(undefined, permissions, { ...jobRoutesFor(), ...overrides }));
  renderApp('/job/42');
  return { api };
}

/** The Edit button, once the job and its editor have loaded. */
async function editButton() {
  await screen.findByRole('textbox', { name: view.editorLabel }, { timeout: 10_000 });
  return screen.getByRole('button', { name: view.edit }) as HTMLButtonElement;
}

describe('job controls gated by the shared rule (spec 02 §6)', { timeout: 20_000 }, () => {
  it('disables Edit on a Finished job and says why beside it, without asking the server', async () => {
    const { api } = setup(finished);
    const edit = await editButton();
    expect(edit.disabled).toBe(true);
    const reason = 'Job 42 is Finished and can no longer be edited.';
    expect(screen.getByText(reason)).toBeTruthy();
    const describedBy = edit.getAttribute('aria-describedby');
    expect(describedBy && document.getElementById(describedBy)?.textContent).toBe(reason);
    fireEvent.click(edit);
    expect(api.called()).not.toContain('POST /api/job/bookoutjob');
  });

  it('enables Edit on a job that can be edited, with no reason shown', async () => {
    setup();
    const edit = await editButton();
    expect(edit.disabled).toBe(false);
    expect(edit.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByTestId('job-edit-reason')).toBeNull();
  });

  it('does not offer Edit or fax to the view-only dictator; print preview stays', async () => {
    setup(finished, ['jobView', 'jobViewDetails', 'jobViewText', 'adtView']);
    await screen.findByRole('textbox', { name: view.editorLabel }, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: view.edit })).toBeNull();
    expect(screen.queryByRole('button', { name: view.fax })).toBeNull();
    expect(screen.getByRole('button', { name: view.printPreview })).toBeTruthy();
    expect(screen.queryByTestId('job-edit-reason')).toBeNull();
  });

  it('says not found when canaccessjob answers 404 (a missing or another tenant’s job)', async () => {
    const { api } = setup({
      'GET /api/job/canaccessjob': apiError(404, 'not_found', 'Job 42 was not found.'),
    });
    expect(await screen.findByText('Job 42 was not found.')).toBeTruthy();
    expect(screen.queryByText(enUS.job.accessDenied)).toBeNull();
    expect(api.called()).not.toContain('GET /api/job/GetJobDetails');
  });
});
