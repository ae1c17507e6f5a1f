import type { FacilityWorkType } from '@quill/core/contract/facilityLists';
import type { WorkTypeTemplate } from '@quill/core/contract/workTypeTemplates';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FakeRequest, fakeApi } from '../../../app/testing/fakeApi';
import { renderWithSession } from '../../job-list/testing/renderWithSession';
import { WorkTypesSection } from './WorkTypesSection';

const FACILITY = {
  id: 7,
  name: 'Riverside Clinic',
  corporateStructureId: 1,
  corporateStructure: 'Meridian Valley Health',
};

const HP: FacilityWorkType = {
  id: 2,
  number: 102,
  name: 'History and Physical',
  enableAddressee: true,
  minAddressees: 1,
  maxAddressees: 3,
  allowPatientAsRecipient: true,
  shared: true,
};
const OWN: FacilityWorkType = { ...HP, id: 3, number: 201, name: 'Pre-Admission Testing', shared: false };

const STRUCTURE_TEMPLATE: WorkTypeTemplate = {
  workTypeId: 2,
  shared: true,
  origin: 'structure',
  inherited: 'structure',
  template: {
    documentCode: '34117-2',
    documentTitle: 'History and Physical',
    sections: [
      { code: '10154-3', title: 'CHIEF COMPLAINT', text: '' },
      { code: '10164-2', title: 'HISTORY OF PRESENT ILLNESS', text: '' },
      { code: '29545-1', title: 'PHYSICAL EXAMINATION', text: 'General: ' },
    ],
  },
};

const T = '/api/reference/7/workTypes/2/template';

async function openTemplate(routes: Record<string, unknown> = {}, workType = HP) {
  const api = fakeApi({ 'GET /api/reference/7/workTypes': { workTypes: [HP, OWN] }, ...routes });
  renderWithSession(<WorkTypesSection facility={FACILITY} canEdit />);
  const table = await screen.findByRole('table', { name: 'Work types of Riverside Clinic' });
  fireEvent.click(
    within(table).getByRole('button', { name: `Template of ${workType.number} ${workType.name}` }),
  );
  const dialog = await screen.findByRole('dialog', {
    name: `Template of work type ${workType.number} ${workType.name}`,
  });
  await within(dialog).findByTestId('template-origin');
  return { api, dialog };
}

/** The sections' legends and titles, in order. */
const sectionTitles = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByLabelText('Title')
    .map((input) => (input as HTMLInputElement).value);

describe('Reference data ▸ Work types ▸ Template', () => {
  it('says the facility uses the structure’s template and shows its document type and sections', async () => {
    const { dialog } = await openTemplate({ [`GET ${T}`]: STRUCTURE_TEMPLATE });
    expect(within(dialog).getByTestId('template-origin').textContent).toBe(
      "This facility uses the structure's template, shared by every facility of Meridian Valley Health.",
    );
    expect(within(dialog).queryByRole('button', { name: "Use the structure's template" })).toBeNull();
    expect((within(dialog).getByRole('combobox', { name: /^Document type/ }) as HTMLInputElement).value).toBe(
      'History and Physical (34117-2)',
    );
    expect(sectionTitles(dialog)).toEqual([
      'CHIEF COMPLAINT',
      'HISTORY OF PRESENT ILLNESS',
      'PHYSICAL EXAMINATION',
    ]);
    expect((within(dialog).getAllByLabelText(/^Boilerplate text/)[2] as HTMLTextAreaElement).value).toBe(
      'General: ',
    );
  });

  it('adds a catalogue section, moves it from the keyboard, refuses a bad draft, then saves for the structure', {
    timeout: 30_000,
  }, async () => {
    const saved: FakeRequest[] = [];
    const { api, dialog } = await openTemplate({
      [`GET ${T}`]: STRUCTURE_TEMPLATE,
      [`POST ${T}`]: (r: FakeRequest) => {
        saved.push(r);
        return { ...STRUCTURE_TEMPLATE, template: r.body };
      },
    });
    // Add Allergies from the catalogue: it comes last, and the focus goes to its title.
    const toAdd = within(dialog).getByRole('combobox', { name: 'Section to add' });
    fireEvent.click(toAdd);
    fireEvent.click(await screen.findByRole('option', { name: 'ALLERGIES (48765-2)', hidden: true }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add section' }));
    expect(sectionTitles(dialog)).toEqual([
      'CHIEF COMPLAINT',
      'HISTORY OF PRESENT ILLNESS',
      'PHYSICAL EXAMINATION',
      'ALLERGIES',
    ]);
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getAllByLabelText('Title')[3]));

    // Up from the keyboard: the button keeps the focus as the section moves, and a reader hears where.
    const up = within(dialog).getByRole('button', { name: 'Move section 4 ALLERGIES up' });
    up.focus();
    fireEvent.click(up);
    expect(sectionTitles(dialog)[2]).toBe('ALLERGIES');
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(dialog).getByRole('button', { name: 'Move section 3 ALLERGIES up' }),
      ),
    );
    expect(within(dialog).getByText('Section ALLERGIES is now section 3.')).toBeTruthy();
    fireEvent.click(document.activeElement as HTMLElement);
    fireEvent.click(document.activeElement as HTMLElement);
    expect(sectionTitles(dialog)[0]).toBe('ALLERGIES');
    // At the top, Up is disabled and the focus moves to Down.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(dialog).getByRole('button', { name: 'Move section 1 ALLERGIES down' }),
      ),
    );
    expect(
      (within(dialog).getByRole('button', { name: 'Move section 1 ALLERGIES up' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);

    // Remove the chief complaint; a custom section with a bad code is refused before sending.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove section 2 CHIEF COMPLAINT' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add section' }));
    const codes = within(dialog).getAllByLabelText('LOINC section code');
    await waitFor(() => expect(document.activeElement).toBe(codes[3]));
    fireEvent.change(codes[3]!, { target: { value: '8648' } });
    fireEvent.change(within(dialog).getAllByLabelText('Title')[3]!, { target: { value: 'Hospital course' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Section 4: the LOINC code must look like 10164-2.',
    );
    expect(api.called()).not.toContain(`POST ${T}`);

    // Fixed, saved as the structure's template.
    fireEvent.change(codes[3]!, { target: { value: '8648-8' } });
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
    fireEvent.click(within(dialog).getByRole('radio', { name: /^The structure's template/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.body).toEqual({
      scope: 'structure',
      documentCode: '34117-2',
      documentTitle: 'History and Physical',
      sections: [
        { code: '48765-2', title: 'ALLERGIES', text: '' },
        { code: '10164-2', title: 'HISTORY OF PRESENT ILLNESS', text: '' },
        { code: '29545-1', title: 'PHYSICAL EXAMINATION', text: 'General: ' },
        { code: '8648-8', title: 'Hospital course', text: '' },
      ],
    });
    expect(await screen.findByText('The template of work type 102 was saved.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('changes the document type from the catalogue or to a custom code', async () => {
    const { dialog } = await openTemplate({ [`GET ${T}`]: STRUCTURE_TEMPLATE });
    const type = within(dialog).getByRole('combobox', { name: /^Document type/ });
    fireEvent.click(type);
    fireEvent.click(await screen.findByRole('option', { name: 'Discharge Summary (18842-5)', hidden: true }));
    expect((within(dialog).getByLabelText(/^LOINC document code/) as HTMLInputElement).value).toBe('18842-5');
    expect((within(dialog).getByLabelText(/^Document title/) as HTMLInputElement).value).toBe(
      'Discharge Summary',
    );
    fireEvent.change(within(dialog).getByLabelText(/^LOINC document code/), { target: { value: '28570-0' } });
    expect((type as HTMLInputElement).value).toBe('Custom');
    fireEvent.change(within(dialog).getByLabelText(/^Document title/), { target: { value: ' ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The document needs a title.');
  });

  it('goes back from the facility’s override to the structure’s template', async () => {
    const { api, dialog } = await openTemplate({
      [`GET ${T}`]: { ...STRUCTURE_TEMPLATE, origin: 'facility' },
      [`POST ${T}/delete`]: STRUCTURE_TEMPLATE,
    });
    expect(within(dialog).getByTestId('template-origin').textContent).toContain(
      'This facility uses its own template for this work type (an override).',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: "Use the structure's template" }));
    expect(
      await screen.findByText("Work type 102 uses the structure's template again at this facility."),
    ).toBeTruthy();
    expect(api.called()).toContain(`POST ${T}/delete`);
  });

  it('saves a facility’s own work type as the facility’s template, offering no structure’s', async () => {
    const saved: FakeRequest[] = [];
    const own = '/api/reference/7/workTypes/3/template';
    const { dialog } = await openTemplate(
      {
        [`GET ${own}`]: {
          ...STRUCTURE_TEMPLATE,
          workTypeId: 3,
          shared: false,
          origin: 'default',
          inherited: 'default',
        },
        [`POST ${own}`]: (r: FakeRequest) => {
          saved.push(r);
          return { ...STRUCTURE_TEMPLATE, origin: 'facility' };
        },
      },
      OWN,
    );
    expect(within(dialog).getByTestId('template-origin').textContent).toBe(
      'No template is set for this work type: new documents start from the default, a Progress Note.',
    );
    expect(within(dialog).queryByRole('radio')).toBeNull();
    fireEvent.submit(within(dialog).getAllByLabelText('Title')[0]!.closest('form')!);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.body).toMatchObject({ scope: 'facility', documentCode: '34117-2' });
  });
});
