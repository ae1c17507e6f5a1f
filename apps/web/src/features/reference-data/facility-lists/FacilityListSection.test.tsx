import { Button, TextInput } from '@mantine/core';
import type { FacilityLocation } from '@quill/core/contract/facilityLists';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithSession } from '../../job-list/testing/renderWithSession';
import { ReferenceForm } from '../common/ReferenceDialogs';
import { useCheckedForm } from '../common/useCheckedForm';
import { type FacilityListKind, FacilityListSection, type ListFormProps } from './FacilityListSection';

const FACILITY = {
  id: 7,
  name: 'Riverside Clinic',
  corporateStructureId: 1,
  corporateStructure: 'Meridian Valley Health',
};

type Body = { code: string; name: string };

/** A kind's form: the code may not be empty nor another row's (the words are the test's own). */
function CodeForm({ row, others, busy, error, onSubmit, onClose }: ListFormProps<FacilityLocation, Body>) {
  const { form, submit } = useCheckedForm<Body>({ code: row?.code ?? '', name: row?.name ?? '' }, (v) => ({
    code: !v.code
      ? 'Enter a code.'
      : others.some((o) => o.code === v.code && o.id !== row?.id)
        ? `${v.code} is taken.`
        : undefined,
  }));
  return (
    <ReferenceForm onClose={onClose} onSubmit={submit(onSubmit)} busy={busy} error={error}>
      <TextInput label="Code" {...form.getInputProps('code')} />
      <TextInput label="Name" {...form.getInputProps('name')} />
    </ReferenceForm>
  );
}

/** A kind of list kept in memory: what each call was given, and a delete the server refuses. */
function memoryKind(rows: FacilityLocation[]) {
  const calls: string[] = [];
  const kind: FacilityListKind<FacilityLocation, Body, 'locations'> = {
    list: 'locations',
    load: async () => {
      calls.push('load');
      return { locations: [...rows] };
    },
    add: async (cfId, body) => {
      calls.push(`add ${cfId} ${body.code} ${body.name}`);
      const row = { id: rows.length + 1, auto: false, ...body };
      rows.push(row);
      return row;
    },
    save: async (_, id, body) => ({ id, auto: false, ...body }),
    remove: async () => {
      throw new Error('The location cannot be deleted: a job uses it.');
    },
    values: (l) => ({ code: l.code, name: l.name }),
    nameOf: (l) => `${l.code} ${l.name}`,
    columns: () => [
      { header: 'Code', cell: (l) => l.code },
      { header: 'Name', cell: (l) => l.name },
    ],
    rowProps: (l) => ({ 'data-code': l.code }),
    deleteNote: (_, l, facility) => `${l.code} is kept at ${facility.name}.`,
    Form: CodeForm,
  };
  return { kind, calls };
}

describe('Reference data ▸ a facility list (the section every list is)', () => {
  it('shows the kind’s columns, and no Add or Actions without dictatorAdd', async () => {
    const { kind } = memoryKind([{ id: 1, code: 'ER', name: 'Emergency', auto: true }]);
    renderWithSession(<FacilityListSection kind={kind} facility={FACILITY} canEdit={false} />);
    const table = await screen.findByRole('table', { name: 'Locations of Riverside Clinic' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Code', 'Name']);
    const row = within(table).getByText('ER').closest('tr') as HTMLElement;
    expect(row.dataset.code).toBe('ER');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['ER', 'Emergency']);
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('adds through the kind’s form: its messages wait for the first Save, then follow the typing', async () => {
    const { kind, calls } = memoryKind([{ id: 1, code: 'ER', name: 'Emergency', auto: true }]);
    renderWithSession(<FacilityListSection kind={kind} facility={FACILITY} canEdit />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add location' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a location' });
    const code = within(dialog).getByLabelText('Code');
    fireEvent.change(code, { target: { value: 'ER' } });
    expect(within(dialog).queryByText('ER is taken.')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('ER is taken.')).toBeTruthy();
    // From now on the form is checked as the manager types: fixed, the message goes; broken, it is back.
    fireEvent.change(code, { target: { value: '' } });
    expect(await within(dialog).findByText('Enter a code.')).toBeTruthy();
    fireEvent.change(code, { target: { value: 'W2' } });
    await waitFor(() => expect(within(dialog).queryByText('Enter a code.')).toBeNull());
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Ward 2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The location W2 was added.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual(['load', 'add 7 W2 Ward 2', 'load']);
    expect(await screen.findByText('Ward 2')).toBeTruthy();
  });

  it('puts a row’s tools before Edit and Delete; Delete asks in the kind’s words and shows a refusal', async () => {
    const { kind } = memoryKind([{ id: 1, code: 'ER', name: 'Emergency', auto: true }]);
    const tooled: string[] = [];
    renderWithSession(
      <FacilityListSection
        kind={kind}
        facility={FACILITY}
        canEdit
        rowTools={(l) => <Button onClick={() => tooled.push(l.code)}>Tool</Button>}
      />,
    );
    const table = await screen.findByRole('table', { name: 'Locations of Riverside Clinic' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Code', 'Name', 'Actions']);
    expect(
      within(table)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent),
    ).toEqual(['Tool', 'Edit ER Emergency', 'Delete ER Emergency']);
    fireEvent.click(within(table).getByRole('button', { name: 'Tool' }));
    expect(tooled).toEqual(['ER']);
    fireEvent.click(within(table).getByRole('button', { name: 'Delete ER Emergency' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete location' });
    expect(within(dialog).getByText('Delete the location ER Emergency?')).toBeTruthy();
    expect(within(dialog).getByText('ER is kept at Riverside Clinic.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The location cannot be deleted: a job uses it.',
    );
  });
});
