import type { PhysicianDetailField } from '@quill/core/contract/physician';
import { enUS } from '@quill/core/i18n/enUS';
import { act, fireEvent, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderWithProviders } from '../../audio/testing/renderPlayer';
import { physician } from '../details/testing';
import { type PhysicianScope, PhysicianScopeContext } from './physicianScope';

const m = enUS.physicianModal;

/** The physician scope of job 42 of facility 10 (Confirm and Save offered, no management app). */
export function physicianScope(overrides: Partial<PhysicianScope> = {}): PhysicianScope {
  return { jobId: 42, facilityId: 10, canSave: true, managementBaseUrl: '', ...overrides };
}

/** Renders with the app's providers inside a job's physician scope. */
export function renderInScope(ui: ReactNode, scope: PhysicianScope = physicianScope()) {
  return renderWithProviders(
    <PhysicianScopeContext.Provider value={scope}>{ui}</PhysicianScopeContext.Provider>,
  );
}

/** A second directory physician (no prefix, no access code, no specialty). */
export const TURING = physician({
  userId: 8,
  prefix: null,
  firstName: 'Alan',
  lastName: 'Turing',
  accessCode: null,
  specialty: null,
});

/** Types into the modal's search box as a user would (it has the focus) and chooses a result. */
export async function chooseInModal(dialog: HTMLElement, name: RegExp, text = 'a') {
  const box = within(dialog).getByRole('combobox', { name: m.searchLabel });
  act(() => box.focus());
  fireEvent.change(box, { target: { value: text } });
  fireEvent.click(await within(dialog).findByRole('option', { name }));
}

/** Add Custom, then types the details given (by field). */
export function addCustomInModal(dialog: HTMLElement, values: Partial<Record<PhysicianDetailField, string>>) {
  fireEvent.click(within(dialog).getByRole('button', { name: m.addCustom }));
  for (const [field, value] of Object.entries(values) as [PhysicianDetailField, string][])
    fireEvent.change(within(dialog).getByRole('textbox', { name: m.fields[field] }), { target: { value } });
}
