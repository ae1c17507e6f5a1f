import { notifications } from '@mantine/notifications';
import { enUS } from '@quill/core/i18n/enUS';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../app/testing/fakeApi';
import { signedInRoutes } from '../../../app/testing/fixtures';
import { renderApp } from '../../../test/renderApp';
import { jobAdt } from '../adt/testing';
import { jobDetails, jobRoutesFor } from '../testing/jobFixtures';
import { ATTACHMENTS, CREDENTIALS, credentials, searchKey } from './testing';

beforeEach(() => {
  localStorage.clear();
  notifications.clean();
});

function setup(attachmentsEnabled: boolean) {
  const details = jobDetails({ jobId: 42, attachmentsEnabled });
  const api = fakeApi(
    signedInRoutes(undefined, undefined, {
      ...jobRoutesFor(),
      'GET /api/job/GetJobDetails': details,
      'GET /api/job/getadtdata': jobAdt(),
      [CREDENTIALS]: credentials(),
      [searchKey(details.clientFacility.id)]: ATTACHMENTS,
    }),
  );
  renderApp('/job/42');
  return api;
}

describe('Attachments in the job view', { timeout: 30_000 }, () => {
  it('opens the Attachment Search modal from the Patient Details card in view mode and searches the job’s facility', async () => {
    const api = setup(true);
    fireEvent.click(
      await screen.findByRole('button', { name: enUS.jobView.panelPatient }, { timeout: 15_000 }),
    );
    const panel = await screen.findByRole('region', { name: enUS.adtPanel.title });
    fireEvent.click(within(panel).getByRole('button', { name: enUS.adtPanel.attachments }));
    const modal = await screen.findByRole('dialog', { name: enUS.attachments.title });
    fireEvent.click(within(modal).getByRole('button', { name: enUS.attachments.search }));
    expect(await within(modal).findByRole('list', { name: enUS.attachments.results })).toBeTruthy();
    expect(api.called()).toContain(searchKey(jobDetails().clientFacility.id));
  });

  it('has no Attachments button when the job’s attachments are not enabled', async () => {
    setup(false);
    fireEvent.click(
      await screen.findByRole('button', { name: enUS.jobView.panelPatient }, { timeout: 15_000 }),
    );
    const panel = await screen.findByRole('region', { name: enUS.adtPanel.title });
    expect(within(panel).queryByRole('button', { name: enUS.adtPanel.attachments })).toBeNull();
  });
});
