import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../app/testing/fakeApi';
import { ApiRequestError } from '../../../lib/api';
import { renderWithSession } from '../../job-list/testing/renderWithSession';
import { DocumentPatientBanner } from './DocumentPatientBanner';
import { DocumentPatientImportDialog } from './DocumentPatientImportDialog';
import { patientMismatchOf } from './documentImportApi';

const eve = { name: 'Eve Betterhalf', mrn: null, birthDate: '1975-05-01', sex: 'F' };
const malik = {
  lastName: 'Patel',
  firstName: 'Malik',
  middleName: null,
  mrn: '02009505',
  birthDate: '1949-04-06',
  sex: 'M',
};
const mismatch = {
  differences: [
    { part: 'name' as const, document: 'Eve Betterhalf', job: 'Patel, Malik' },
    { part: 'sex' as const, document: 'F', job: 'M' },
  ],
  documentPatient: eve,
  jobPatient: malik,
};

// jsdom has no FontFaceSet; the reason's autosizing Textarea listens to it.
beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
});
afterEach(() => vi.unstubAllGlobals());

describe('importing a document about another patient (issue 40)', () => {
  it('shows the two patients side by side; Import anyway needs a reason; Cancel imports nothing', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderWithSession(
      <DocumentPatientImportDialog
        mismatch={mismatch}
        refusal="The document is about another patient than job 11"
        importing={false}
        onCancel={onCancel}
        onConfirm={onConfirm}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Import a document about another patient?' });
    const table = within(dialog).getByRole('table', { name: 'Patient in the document and in the job' });
    const name = within(table).getByRole('row', { name: /^Name/ });
    expect(name.textContent).toContain('Eve Betterhalf');
    expect(name.textContent).toContain('Patel, Malik');
    expect(name.textContent).toContain('Differs');
    expect(dialog.textContent).toContain('The document is about another patient than job 11');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Import anyway' }));
    expect(await within(dialog).findByText('Give a reason for importing the document')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText(/Reason for importing/), {
      target: { value: '  Ward confirmed\nthe chart  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import anyway' }));
    expect(onConfirm).toHaveBeenCalledWith('Ward confirmed the chart');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel, import nothing' }));
    expect(onCancel).toHaveBeenCalled();
  });

  it('names only the parts that differ for a person who may not see patient data', async () => {
    renderWithSession(
      <DocumentPatientImportDialog
        mismatch={{
          differences: mismatch.differences.map((d) => ({ ...d, document: null, job: null })),
          documentPatient: null,
          jobPatient: null,
        }}
        refusal="(Name differs; Sex differs)"
        importing={false}
        onCancel={() => {}}
        onConfirm={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('table')).toBeNull();
    const parts = within(dialog).getByRole('list', { name: 'What differs' });
    expect(
      within(parts)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Name', 'Sex']);
  });

  it('reads the refusal’s details only for the document_patient_differs code', () => {
    expect(patientMismatchOf(new ApiRequestError(409, 'document_patient_differs', 'm', mismatch))).toEqual(
      mismatch,
    );
    expect(patientMismatchOf(new ApiRequestError(409, 'closed_stage', 'm'))).toBeNull();
    expect(patientMismatchOf(new Error('x'))).toBeNull();
  });

  it('the banner says so while the document’s patient differs, and is absent when they agree', async () => {
    fakeApi({ 'GET /api/job/GetDocumentPatient': { jobId: 11, documentPatient: eve, jobPatient: malik } });
    const { unmount } = renderWithSession(<DocumentPatientBanner jobId={11} enabled />);
    const banner = await screen.findByRole('region', { name: 'The document names another patient' });
    expect(banner.textContent).toContain(
      'The document is about Eve Betterhalf, but the job’s patient is Patel, Malik (they differ in: Name, Date of birth, Sex).',
    );
    unmount();

    const api = fakeApi({
      'GET /api/job/GetDocumentPatient': {
        jobId: 12,
        documentPatient: { name: 'Malik Patel', mrn: '02009505', birthDate: null, sex: 'M' },
        jobPatient: malik,
      },
    });
    renderWithSession(<DocumentPatientBanner jobId={12} enabled />);
    await waitFor(() => expect(api.calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('region', { name: 'The document names another patient' })).toBeNull();
  });
});
