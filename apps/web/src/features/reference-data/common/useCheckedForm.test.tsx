import { Button, MantineProvider, TextInput } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCheckedForm, WHOLE_FORM } from './useCheckedForm';

type Values = { code: string; name: string };

/**
 * A form whose code is checked as it is typed (live), its name from the first save on, and whose
 * code and name may not be the same (a message of the whole form). The words are the test's own.
 */
function CheckedForm({ initial, saved }: { initial: Values; saved: Values[] }) {
  const { form, submit, formError } = useCheckedForm<Values>(
    initial,
    (v) => ({
      code: !v.code ? 'Enter a code.' : /^[A-Z]+$/.test(v.code) ? null : 'Capitals only.',
      name: v.name ? null : 'Enter a name.',
      [WHOLE_FORM]: v.code && v.code === v.name ? 'The name repeats the code.' : null,
    }),
    { live: ['code'] },
  );
  return (
    <MantineProvider withCssVariables={false} withGlobalClasses={false}>
      <TextInput label="Code" {...form.getInputProps('code')} />
      <TextInput label="Name" {...form.getInputProps('name')} />
      {formError && <p role="alert">{formError}</p>}
      <Button onClick={submit((v) => saved.push(v))}>Save</Button>
    </MantineProvider>
  );
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const shown = (text: string) => screen.queryByText(text) !== null;

describe('useCheckedForm', () => {
  it('shows a live field’s message while it holds something, the others’ only after the first save', async () => {
    const saved: Values[] = [];
    render(<CheckedForm initial={{ code: '', name: '' }} saved={saved} />);
    expect(shown('Enter a code.')).toBe(false);
    type('Code', 'ab');
    expect(await screen.findByText('Capitals only.')).toBeTruthy();
    // Emptied, the live field says nothing yet; the name, though empty, waits for the save.
    type('Code', '');
    await waitFor(() => expect(shown('Capitals only.')).toBe(false));
    expect(shown('Enter a code.')).toBe(false);
    type('Name', 'AB');
    type('Code', 'AB');
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The name repeats the code.');
    expect(saved).toEqual([]);
    // From now on every field follows the typing.
    type('Name', '');
    expect(await screen.findByText('Enter a name.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    type('Code', '');
    expect(await screen.findByText('Enter a code.')).toBeTruthy();
    type('Code', 'ER');
    type('Name', 'Emergency');
    await waitFor(() => expect(shown('Enter a name.') || shown('Enter a code.')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved).toEqual([{ code: 'ER', name: 'Emergency' }]);
  });

  it('shows the message of a live field that holds something from the start', () => {
    render(<CheckedForm initial={{ code: 'er', name: '' }} saved={[]} />);
    expect(shown('Capitals only.')).toBe(true);
    expect(shown('Enter a name.')).toBe(false);
  });
});
