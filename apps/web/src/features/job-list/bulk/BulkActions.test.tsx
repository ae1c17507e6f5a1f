import { enUS } from '@quill/core/i18n/enUS';
import { PERMISSIONS, type Permission } from '@quill/core/rules/auth/permissions';
import type { QueueName } from '@quill/core/rules/settings/constants';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../app/testing/fakeApi';
import { jobRow, testSession } from '../testing/jobListFixtures';
import { renderWithSession } from '../testing/renderWithSession';
import { BulkActions } from './BulkActions';

const ALL: readonly Permission[] = ['jobView', 'jobViewText', 'jobFax', 'distributionJobActionsQueue'];

interface Setup {
  ids: number[];
  queue?: QueueName;
  permissions?: readonly Permission[];
  facilities?: Record<number, number>;
  hidden?: number;
}

function renderActions({ ids, queue = 'pending', permissions = ALL, facilities = {}, hidden = 0 }: Setup) {
  const onCleared = vi.fn();
  const rowsOf = (jobIds: readonly number[]) =>
    jobIds.map((id) => jobRow(id, { clientFacilityId: facilities[id] ?? 1 }));
  const view = renderWithSession(
    <BulkActions
      cs="7"
      queue={queue}
      selected={new Set(ids)}
      rowsOf={rowsOf}
      hiddenOf={() => hidden}
      onCleared={onCleared}
    />,
    testSession({ permissions: [...permissions] }),
  );
  return { ...view, onCleared };
}

/** Opens the menu and answers its items by name (jsdom has no layout: the dropdown reads as hidden). */
async function openMenu() {
  fireEvent.click(screen.getByTestId('bulk-actions'));
  const menu = await screen.findByRole('menu', { hidden: true });
  const items = within(menu).getAllByRole('menuitem', { hidden: true });
  return { menu, items, names: items.map((i) => i.textContent) };
}

const item = (name: string) => screen.getByRole('menuitem', { name, hidden: true });
/** The text the item's aria-describedby names (its reason), or null. */
const describedBy = (name: string) => {
  const id = item(name).getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
};
const tooltips = () => screen.queryAllByRole('tooltip').map((t) => t.textContent);
/** The demo accounts' permissions (apps/server/src/demo/people.ts). */
const EDIT: readonly Permission[] = [
  'jobView',
  'jobViewDetails',
  'jobViewText',
  'jobEdit',
  'jobEditText',
  'jobEditAdt',
  'adtView',
  'adtEdit',
  'dictatorView',
];
const TRANSCRIPTIONIST: readonly Permission[] = [...EDIT, 'jobCreate', 'distributionJobActionsQueue'];
const HQ_REVIEWER: readonly Permission[] = ['holdQueueView', ...EDIT];
const ids = (n: number) => Array.from({ length: n }, (_, i) => 101 + i);
const A = enUS.documents.actions;

describe('BulkActions (spec 01 §4/§5/§6)', () => {
  it('is disabled with its count tooltip when nothing is checked', () => {
    renderActions({ ids: [] });
    expect(screen.getByTestId('bulk-actions').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('bulk-actions').textContent).toContain('0 jobs selected');
  });

  it('offers every action to a manager in the pending queue', async () => {
    renderActions({ ids: [101] });
    const { names } = await openMenu();
    expect(names).toEqual([
      A.viewPdf,
      A.viewRtf,
      A.save,
      A.copy,
      A.printPreview,
      A.fax,
      A.markPrinted,
      A.clear,
    ]);
  });

  it('gates print preview by jobViewText and clear by the pending queue', async () => {
    renderActions({ ids: [101], queue: 'all', permissions: ['jobFax'] });
    const { names } = await openMenu();
    expect(names).not.toContain(A.printPreview);
    expect(names).not.toContain(A.clear);
    expect(names).toContain(A.fax);
  });

  it('disables view, save, copy and fax above 10 unique jobs, with the tooltip', async () => {
    renderActions({ ids: ids(11) });
    const { menu } = await openMenu();
    expect(within(menu).getByRole('note', { hidden: true }).textContent).toBe(enUS.documents.tooManySelected);
    for (const name of [A.viewPdf, A.viewRtf, A.save, A.copy, A.fax])
      expect(item(name).getAttribute('aria-disabled')).toBe('true');
    expect(item(A.markPrinted).getAttribute('aria-disabled')).toBeNull();
    expect(item(A.clear).getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(item(A.viewPdf));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(describedBy(A.save)).toBe(enUS.documents.tooManySelected);
    fireEvent.mouseEnter(item(A.save));
    // The item's tooltip (after the 450 ms delay).
    await waitFor(() => expect(tooltips()).toContain(enUS.documents.tooManySelected));
  });

  it('allows exactly 10 jobs, and print preview only for one', async () => {
    renderActions({ ids: ids(10) });
    await openMenu();
    expect(item(A.viewPdf).getAttribute('aria-disabled')).toBeNull();
    expect(item(A.printPreview).getAttribute('aria-disabled')).toBe('true');
  });

  it('opens the print preview of one job in a new tab, and says so when popups are blocked', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderActions({ ids: [101] });
    await openMenu();
    fireEvent.click(item(A.printPreview));
    expect(open).toHaveBeenCalledWith('/api/file/download/101.pdf', '_blank');
    expect(await screen.findByText(enUS.documents.popupBlocked)).toBeTruthy();
  });

  it('downloads several jobs as RTF through downloadrtf, leaving no blank tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    renderActions({ ids: [101, 102] });
    await openMenu();
    fireEvent.click(item(A.viewRtf));
    expect(open).not.toHaveBeenCalled();
    expect(clicked.map((a) => [a.getAttribute('href'), a.hasAttribute('download')])).toEqual([
      ['/api/file/downloadrtf?jobIds=101&jobIds=102', true],
    ]);
    click.mockRestore();
  });

  it('refuses to fax jobs of different client facilities', async () => {
    renderActions({ ids: [101, 102], facilities: { 101: 1, 102: 2 } });
    await openMenu();
    fireEvent.click(item(A.fax));
    expect(await screen.findByText(enUS.fax.sameFacility)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: enUS.fax.title })).toBeNull();
  });

  it('marks the checked jobs as printed', async () => {
    const api = fakeApi({ 'POST /api/jobs/printed': { recorded: 2 } });
    renderActions({ ids: [101, 102] });
    await openMenu();
    fireEvent.click(item(A.markPrinted));
    expect(await screen.findByText(enUS.documents.markedPrinted)).toBeTruthy();
    expect(api.calls[0]!.body).toEqual({ jobIds: [101, 102], copiesType: 0 });
  });

  it('shows clear disabled without distributionJobActionsQueue, saying why, and calls nothing', async () => {
    const api = fakeApi({});
    renderActions({ ids: [101], permissions: ['jobFax'] });
    await openMenu();
    expect(item(A.clear).getAttribute('aria-disabled')).toBe('true');
    expect(describedBy(A.clear)).toBe(enUS.clear.noPermission);
    fireEvent.click(item(A.clear));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.mouseEnter(item(A.clear));
    // The item's tooltip (after the 450 ms delay).
    await waitFor(() => expect(tooltips()).toContain(enUS.clear.noPermission));
    expect(api.calls).toHaveLength(0);
  });

  it.each([
    [
      'dictator (view only)',
      ['jobView', 'jobViewDetails', 'jobViewText', 'adtView'],
      ['fax', 'markPrinted', 'clear'],
    ],
    ['transcriptionist (no fax)', TRANSCRIPTIONIST, ['fax']],
    ['hold-queue reviewer', HQ_REVIEWER, ['fax', 'markPrinted', 'clear']],
    ['manager (every permission)', PERMISSIONS, []],
  ] as const)(
    'as the %s: only the actions the account may use are enabled; the others say why',
    async (_, permissions, refused) => {
      const api = fakeApi({});
      renderActions({ ids: [101], permissions });
      const { names } = await openMenu();
      expect(names).toEqual([
        A.viewPdf,
        A.viewRtf,
        A.save,
        A.copy,
        A.printPreview,
        A.fax,
        A.markPrinted,
        A.clear,
      ]);
      const reasons: Record<string, string> = {
        fax: enUS.fax.noPermission,
        markPrinted: enUS.documents.noPrintPermission,
        clear: enUS.clear.noPermission,
      };
      for (const action of [
        'viewPdf',
        'viewRtf',
        'save',
        'copy',
        'printPreview',
        'fax',
        'markPrinted',
        'clear',
      ] as const) {
        const name = A[action];
        const refusedHere = (refused as readonly string[]).includes(action);
        expect(item(name).getAttribute('aria-disabled'), action).toBe(refusedHere ? 'true' : null);
        expect(describedBy(name), action).toBe(refusedHere ? reasons[action] : null);
      }
      for (const action of refused) fireEvent.click(item(A[action]));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(api.calls).toHaveLength(0);
    },
  );

  it('clears after confirming, warns about hidden checked jobs, and names each job not cleared', async () => {
    const api = fakeApi({
      'POST /api/jobs/completejobs': { cleared: [101], notCleared: [{ jobId: 102, stageName: 'ESign' }] },
    });
    const { onCleared } = renderActions({ ids: [101, 102], hidden: 1 });
    await openMenu();
    fireEvent.click(item(A.clear));
    const dialog = await screen.findByRole('dialog', { name: enUS.clear.title });
    expect(within(dialog).getByTestId('clear-hidden-warning').textContent).toBe(
      '1 checked job is hidden by the search and will also be cleared.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: enUS.clear.clear }));
    expect(await screen.findByText(enUS.clear.clearedOne)).toBeTruthy();
    const line = 'Job ID: 102 was not cleared due to: Job is in ESign';
    await waitFor(() => expect(screen.getAllByText(line).length).toBe(2)); // toast and dialog
    expect(api.calls[0]!.body).toEqual([101, 102]);
    expect(onCleared).toHaveBeenCalledWith([101]);
  });

  it.each([
    [403, enUS.clear.noPermission],
    [500, enUS.clear.failed],
  ])('shows the clear failure of a %i answer', async (status, message) => {
    fakeApi({ 'POST /api/jobs/completejobs': apiError(status, 'x', 'server words') });
    const { onCleared } = renderActions({ ids: [101] });
    await openMenu();
    fireEvent.click(item(A.clear));
    const dialog = await screen.findByRole('dialog', { name: enUS.clear.title });
    expect(within(dialog).queryByTestId('clear-hidden-warning')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: enUS.clear.clear }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(onCleared).not.toHaveBeenCalled();
  });
});
