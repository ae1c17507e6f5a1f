import type { HoldQueueRuleRow } from '@quill/core/contract/adt/adtSetup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, type FakeRequest, fakeApi } from '../../../app/testing/fakeApi';
import { renderWithSession } from '../../job-list/testing/renderWithSession';
import { FACILITY, item } from './adtSetupFixtures';
import { HoldQueueRulesSection } from './HoldQueueRulesSection';

const rule = (over: Partial<HoldQueueRuleRow>): HoldQueueRuleRow => ({
  id: 1,
  code: 'HQ01',
  description: 'Mandatory patient demographics are missing',
  kind: 'missingMandatoryAdt',
  enabled: true,
  fields: ['PID.3.1'],
  explanation: 'Holds a job while any of these ADT items is empty: MRN.',
  ...over,
});

const RULES = [
  rule({}),
  rule({
    id: 3,
    code: 'HQ03',
    description: 'No dictator is assigned to the job',
    kind: 'noDictator',
    fields: null,
    explanation: 'Holds a job that has no dictator.',
  }),
];
const ITEMS = { structure: 'Meridian Valley Health', items: [item({})] };

function renderSection(canEdit: boolean, routes: Record<string, unknown> = {}) {
  let rules = RULES;
  const api = fakeApi({
    'GET /api/reference/7/holdQueueRules': () => ({ rules }),
    'GET /api/reference/7/adtDefinitions': ITEMS,
    'POST /api/reference/7/holdQueueRules/3/enabled': ({ body }: FakeRequest) => {
      rules = rules.map((r) => (r.id === 3 ? { ...r, enabled: (body as { enabled: boolean }).enabled } : r));
      return rules[1];
    },
    ...routes,
  });
  renderWithSession(<HoldQueueRulesSection facility={FACILITY} canEdit={canEdit} />);
  const table = () => screen.getByRole('table', { name: 'Hold-queue rules of Riverside Clinic' });
  return { api, table };
}

const posts = (api: ReturnType<typeof fakeApi>) => api.calls.filter((c) => c.method === 'POST');

describe('Reference data ▸ Hold-queue rules', () => {
  it('lists each rule with its kind and what it checks in words; a switch turns one off and the list is read again', async () => {
    const { api, table } = renderSection(true);
    await screen.findByRole('table', { name: 'Hold-queue rules of Riverside Clinic' });
    const row = within(table()).getByText('HQ03').closest('tr') as HTMLElement;
    expect(within(row).getByText('No dictator')).toBeTruthy();
    expect(within(row).getByText('Holds a job that has no dictator.')).toBeTruthy();
    const toggle = screen.getByRole('switch', { name: 'Rule HQ03 enabled' }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(within(row).getByText('On')).toBeTruthy();

    fireEvent.click(toggle);
    await screen.findByText('The rule HQ03 is off: it no longer holds jobs from the next save.');
    expect(posts(api).map((c) => [c.path, c.body])).toEqual([
      ['/api/reference/7/holdQueueRules/3/enabled', { enabled: false }],
    ]);
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: 'Rule HQ03 enabled' }) as HTMLInputElement).checked).toBe(
        false,
      ),
    );
    expect(within(row).getByText('Off')).toBeTruthy();
  });

  it('adds a rule with Enter; the server’s refusal shows in the dialog, which stays open', async () => {
    let answer: Response | HoldQueueRuleRow = apiError(
      409,
      'rule_code_taken',
      'This facility already has a rule with the code HQ07 (codes are unique ignoring case).',
    );
    const { api } = renderSection(true, { 'POST /api/reference/7/holdQueueRules': () => answer });
    fireEvent.click(await screen.findByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a hold-queue rule' });
    const code = within(dialog).getByLabelText(/^Code/);
    fireEvent.change(code, { target: { value: 'HQ07' } });
    fireEvent.change(within(dialog).getByLabelText(/^Description/), { target: { value: 'Names missing' } });
    fireEvent.submit(code.closest('form')!);
    expect(
      await within(dialog).findByText(
        'This facility already has a rule with the code HQ07 (codes are unique ignoring case).',
      ),
    ).toBeTruthy();
    expect(posts(api)[0]!.body).toEqual({
      code: 'HQ07',
      description: 'Names missing',
      kind: 'missingMandatoryAdt',
      enabled: true,
      fields: [],
    });

    answer = rule({ id: 9, code: 'HQ08', description: 'Names missing' });
    fireEvent.change(code, { target: { value: 'HQ08' } });
    fireEvent.submit(code.closest('form')!);
    await screen.findByText('The rule HQ08 was added.');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a hold-queue rule' })).toBeNull());
  });

  it('refuses a code the facility has already, ignoring case, before asking the server', async () => {
    const { api } = renderSection(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a hold-queue rule' });
    const code = within(dialog).getByLabelText(/^Code/);
    fireEvent.change(code, { target: { value: 'hq03' } });
    fireEvent.change(within(dialog).getByLabelText(/^Description/), { target: { value: 'x' } });
    fireEvent.submit(code.closest('form')!);
    expect(
      within(dialog).getByText(
        'This facility already has a rule with the code hq03 (codes are unique ignoring case).',
      ),
    ).toBeTruthy();
    expect(posts(api)).toEqual([]);
    // Escape closes the dialog without saving.
    act(() => {
      fireEvent.keyDown(code, { key: 'Escape' });
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a hold-queue rule' })).toBeNull());
  });

  it('edits a rule (its kind stays) and deletes one after asking', async () => {
    const { api } = renderSection(true, {
      'POST /api/reference/7/holdQueueRules/1': ({ body }: FakeRequest) =>
        rule(body as Partial<HoldQueueRuleRow>),
      'POST /api/reference/7/holdQueueRules/3/delete': { deleted: 3 },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit rule HQ01' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit rule HQ01' });
    expect(within(dialog).getByText('Kind: Missing mandatory ADT data')).toBeTruthy();
    const description = within(dialog).getByLabelText(/^Description/);
    fireEvent.change(description, { target: { value: 'Identity incomplete' } });
    fireEvent.submit(description.closest('form')!);
    await screen.findByText('The rule HQ01 was saved.');
    expect(posts(api)[0]!.body).toEqual({
      code: 'HQ01',
      description: 'Identity incomplete',
      fields: ['PID.3.1'],
    });

    fireEvent.click(screen.getByRole('button', { name: 'Delete rule HQ03' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete rule HQ03' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await screen.findByText('The rule HQ03 was deleted.');
    expect(posts(api)[1]!.path).toBe('/api/reference/7/holdQueueRules/3/delete');
  });

  it('is read-only without the permission to change reference data', async () => {
    const { api, table } = renderSection(false);
    await screen.findByRole('table', { name: 'Hold-queue rules of Riverside Clinic' });
    expect(screen.queryByRole('button', { name: 'Add rule' })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit rule/ })).toBeNull();
    expect(within(table()).getAllByText('On')).toHaveLength(2);
    // The ADT items are for the forms only.
    expect(api.called()).toEqual(['GET /api/reference/7/holdQueueRules']);
  });
});
