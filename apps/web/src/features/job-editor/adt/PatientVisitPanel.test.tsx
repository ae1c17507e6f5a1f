import type { JobAdt } from '@quill/core/contract/adt/adt';
import { enUS } from '@quill/core/i18n/enUS';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../audio/testing/renderPlayer';
import { PatientVisitPanel, type PatientVisitPanelProps } from './PatientVisitPanel';
import { jobAdt } from './testing';

const p = enUS.adtPanel;

/** Renders the panel holding the ADT in state; `last()` is the ADT after the latest change. */
function setup(props: Partial<PatientVisitPanelProps> = {}, adt: JobAdt = jobAdt()) {
  let current = adt;
  const handlers = { onClear: vi.fn(), onRevert: vi.fn(), onSearch: vi.fn(), onAttachments: vi.fn() };
  function Harness() {
    const [value, setValue] = useState(adt);
    return (
      <PatientVisitPanel
        adt={value}
        onChange={(next) => {
          current = next;
          setValue(next);
        }}
        editable
        attachmentsEnabled={false}
        {...handlers}
        {...props}
      />
    );
  }
  renderWithProviders(<Harness />);
  return { ...handlers, last: () => current };
}

const group = (name: string) => screen.getByRole('group', { name });
const labels = (name: string) =>
  within(group(name))
    .getAllByRole('textbox')
    .map((el) => (el as HTMLInputElement).labels?.[0]?.textContent?.trim());
const fieldValue = (adt: JobAdt, name: string) =>
  adt.outputAdtData.find((i) => i.displayName === name)?.value;

describe('PatientVisitPanel', () => {
  it('lists the fields under Mandatory and Additional by ordinal with 0 last, physicians by name', () => {
    setup();
    expect(labels(p.mandatory)).toEqual(['Patient ID (MRN)', 'Last Name']);
    // The date input is no textbox: read every labelled control of the group in order.
    const mandatory = within(group(p.mandatory)).getAllByLabelText(/./);
    expect(mandatory.map((el) => el.getAttribute('data-adt-key'))).toEqual(['PID.3.1', 'PID.5.1', 'PID.7.1']);
    expect(labels(p.additional)).toEqual(['Insurance Company', 'Attending Physician', 'Referring Physician']);
    expect(screen.getByLabelText('Attending Physician')).toHaveProperty('value', 'Dr Grace Hopper');
    expect(screen.getByLabelText('Referring Physician')).toHaveProperty('value', p.physicianNone);
    expect(screen.getByLabelText('Patient ID (MRN)')).toHaveProperty('readOnly', true);
    expect(screen.getByText(p.readOnly)).toBeTruthy();
  });

  it('adds an optional field with Add Field under Additional and puts it back when removed', async () => {
    const { last } = setup();
    fireEvent.click(screen.getByRole('button', { name: p.addField }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'SSN', hidden: true }));
    expect(labels(p.additional)).toEqual([
      'SSN',
      'Insurance Company',
      'Attending Physician',
      'Referring Physician',
    ]);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('SSN')));
    expect(screen.getByText(p.highlighted)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('SSN'), { target: { value: '123-45-6789' } });
    expect(fieldValue(last(), 'SSN')).toBe('123-45-6789');
    fireEvent.click(screen.getByRole('button', { name: 'Remove SSN' }));
    expect(fieldValue(last(), 'SSN')).toBeNull();
    expect(screen.queryByLabelText('SSN')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: p.addField }));
    expect(await screen.findByRole('menuitem', { name: 'SSN', hidden: true })).toBeTruthy();
  });

  it('removes an optional field that had a value, and keeps a field emptied while typing', () => {
    const { last } = setup();
    fireEvent.change(screen.getByLabelText('Insurance Company'), { target: { value: '' } });
    expect(fieldValue(last(), 'Insurance Company')).toBeNull();
    expect(screen.getByLabelText('Insurance Company')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Insurance Company' }));
    expect(screen.queryByLabelText('Insurance Company')).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove Last Name/ })).toBeNull();
  });

  it('clears a social security number of the wrong shape on blur and says why', async () => {
    const { last } = setup(
      {},
      jobAdt({ outputAdtData: jobAdt().outputAdtData.map((i) => ({ ...i, mandatory: true })) }),
    );
    const ssn = screen.getByLabelText('SSN');
    fireEvent.change(ssn, { target: { value: '123456789' } });
    expect(fieldValue(last(), 'SSN')).toBe('123456789');
    fireEvent.blur(ssn);
    expect(fieldValue(last(), 'SSN')).toBeNull();
    expect(await screen.findByText(enUS.adt.badSsn.replace('{{field}}', 'SSN'))).toBeTruthy();
    fireEvent.change(ssn, { target: { value: '123-45-6789' } });
    fireEvent.blur(ssn);
    expect(fieldValue(last(), 'SSN')).toBe('123-45-6789');
  });

  it('takes numbers of up to 32 digits only', () => {
    const amount = jobAdt().outputAdtData[1]!;
    const { last } = setup(
      {},
      jobAdt({
        outputAdtData: [
          { ...amount, displayName: 'Amount', dataType: 2, displayDataType: 'decimal', value: null },
        ],
      }),
    );
    const input = screen.getByLabelText('Amount');
    fireEvent.change(input, { target: { value: '12.5' } });
    expect(fieldValue(last(), 'Amount')).toBe('12.5');
    fireEvent.change(input, { target: { value: '12.5x' } });
    fireEvent.change(input, { target: { value: '1'.repeat(33) } });
    expect(fieldValue(last(), 'Amount')).toBe('12.5');
    fireEvent.change(input, { target: { value: '9'.repeat(32) } });
    expect(fieldValue(last(), 'Amount')).toBe('9'.repeat(32));
  });

  it('disables Search with a reason without a search configuration, and shows Attachments only when enabled', () => {
    setup({}, jobAdt({ adtSearchConfiguration: null }));
    expect(screen.getByRole('button', { name: p.search })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: p.attachments })).toBeNull();
  });

  it('opens the search and the attachments, and runs Clear and Revert', () => {
    const { onSearch, onClear, onRevert, onAttachments } = setup({ attachmentsEnabled: true });
    fireEvent.click(screen.getByRole('button', { name: p.attachments }));
    fireEvent.click(screen.getByRole('button', { name: p.search }));
    fireEvent.click(screen.getByRole('button', { name: p.clear }));
    fireEvent.click(screen.getByRole('button', { name: p.revert }));
    expect([onSearch, onClear, onRevert, onAttachments].map((f) => f.mock.calls.length)).toEqual([
      1, 1, 1, 1,
    ]);
  });

  it('offers Attachments in view mode too: looking at attachments changes nothing', () => {
    const { onAttachments } = setup({ attachmentsEnabled: true, editable: false });
    fireEvent.click(screen.getByRole('button', { name: p.attachments }));
    expect(onAttachments).toHaveBeenCalledTimes(1);
  });

  it('changes nothing when it cannot be edited', () => {
    setup({ editable: false });
    expect(screen.getByLabelText('Last Name')).toHaveProperty('readOnly', true);
    for (const name of [p.addField, p.search, p.clear, p.revert])
      expect(screen.getByRole('button', { name })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Remove Insurance Company' })).toBeNull();
  });
});
