import type { JobListRow } from '@quill/core/contract/jobList';
import { enUS } from '@quill/core/i18n/enUS';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JobListPanel } from './JobListPanel';
import classes from './table/JobTable.module.css';
import { binaryJobList, jobRow } from './testing/jobListFixtures';
import { renderWithSession } from './testing/renderWithSession';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

const tat = enUS.transcribe.tat;
const HOUR = 3_600_000;

/** A job dictated `hoursAgo` hours before now (the highlight counts an unfinished one until now). */
function job(jobId: number, hoursAgo: number, over: Partial<JobListRow>): JobListRow {
  return jobRow(jobId, {
    dictatedDate: new Date(Date.now() - hoursAgo * HOUR).toISOString(),
    // No formatted text to derive the facility's offset from: the fixture writes offset 0.
    formattedDictatedDate: '',
    ...over,
  });
}

const STAT = { stat: true, statBool: true };
const UNFINISHED = { stageId: 2, stageName: 'Transcription' };
const FINISHED = { stageId: 13, stageName: 'Finished' };

/** Facility 1 keeps the default STAT target (2 h), facility 2 allows 10 h. */
const ROWS: JobListRow[] = [
  // STAT, unfinished 5 h after dictation: past 2 h.
  job(501, 5, { ...STAT, ...UNFINISHED, tatFirstTextMinutes: 65 }),
  // STAT, finished in 1 h 30 m: within.
  job(502, 30, { ...STAT, ...FINISHED, tatFirstTextMinutes: 5, tatFinishedMinutes: 90 }),
  // Routine: never highlighted.
  job(503, 80, { ...FINISHED, tatFirstTextMinutes: 0, tatFinishedMinutes: 3 * 1440 + 200 }),
  // STAT, finished after 2 d 3 h: past its target for good.
  job(504, 60, { ...STAT, ...FINISHED, tatFirstTextMinutes: 600, tatFinishedMinutes: 3_060 }),
  // STAT, unfinished 5 h after dictation at a facility whose target is 10 h: within.
  job(505, 5, { ...STAT, ...UNFINISHED, clientFacilityId: 2, clinic: 'South', statTargetMinutes: 600 }),
];

function renderList() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const cfs = new URL(String(input), 'http://quill.test').searchParams.get('cfs')!.split(',').map(Number);
      return binaryJobList(ROWS.filter((r) => cfs.includes(r.clientFacilityId)));
    }),
  );
  return renderWithSession(
    <JobListPanel
      cs="1"
      queue="all"
      facilities={[1, 2]}
      facilitiesFailed={false}
      onRetryFacilities={() => {}}
      onReloadCounts={() => {}}
    />,
  );
}

const rowOf = (jobId: number) => document.querySelector(`tbody tr[data-job-id="${jobId}"]`) as HTMLElement;
const shownIds = () =>
  Array.from(document.querySelectorAll('tbody tr[data-job-id]'), (r) =>
    Number(r.getAttribute('data-job-id')),
  );
const headings = () => screen.getAllByRole('columnheader').map((h) => h.textContent);

/** The text of each shown row's cell under a heading. */
function columnTexts(heading: string): string[] {
  const index = headings().indexOf(heading);
  return Array.from(
    document.querySelectorAll('tbody tr[data-job-id]'),
    (r) => r.children[index]!.textContent!,
  );
}

describe('the turnaround columns and the STAT highlight (issue 27)', () => {
  it('shows the TAT columns once chosen, as durations, and sorts and groups by them', async () => {
    renderList();
    await screen.findByText('Showing 5 of 5 Records');
    // Hidden by default, like the clinic.
    expect(headings()).not.toContain(tat.columns.tatFirstText);
    fireEvent.click(screen.getByRole('button', { name: enUS.jobList.toolbar.columnOptions }));
    // jsdom leaves the popover half shown (Mantine's focus trap finds nothing it can focus there).
    const firstText = await screen.findByRole('checkbox', { name: tat.columns.tatFirstText, hidden: true });
    const finished = screen.getByRole('checkbox', { name: tat.columns.tatFinished, hidden: true });
    fireEvent.click(firstText);
    fireEvent.click(finished);
    await waitFor(() => expect(headings()).toContain(tat.columns.tatFinished));
    expect(headings()).toContain(tat.columns.tatFirstText);
    expect(shownIds()).toEqual([501, 502, 503, 504, 505]);
    expect(columnTexts(tat.columns.tatFirstText)).toEqual(['1h 05m', '5m', '0m', '10h 00m', '']);
    expect(columnTexts(tat.columns.tatFinished)).toEqual(['', '1h 30m', '3d 3h', '2d 3h', '']);
    expect(within(rowOf(504)).getByTestId('tat-finished').textContent).toBe('2d 3h');

    // By minutes (as text '1h 30m' < '2d 3h' < '3d 3h' would agree; the first text column would not).
    fireEvent.click(screen.getByRole('button', { name: new RegExp(`^${tat.columns.tatFirstText}`) }));
    await waitFor(() => expect(shownIds()).toEqual([505, 503, 502, 501, 504]));
    fireEvent.click(screen.getByRole('button', { name: new RegExp(`^${tat.columns.tatFinished}`) }));
    await waitFor(() => expect(shownIds()).toEqual([501, 505, 502, 504, 503]));

    fireEvent.change(screen.getByTestId('group-by'), { target: { value: 'tatFinished' } });
    await waitFor(() =>
      expect(
        Array.from(document.querySelectorAll('tr[data-group]'), (g) => g.getAttribute('data-group')),
      ).toEqual(['1h 30m', '2d 3h', '3d 3h', 'no_group']),
    );
    expect(document.querySelector('tr[data-group="2d 3h"]')!.textContent).toContain(
      `${tat.columns.tatFinished}: 2d 3h`,
    );
  }, 20_000);

  it('highlights a STAT job past its facility’s target turnaround, and says so', async () => {
    renderList();
    await screen.findByText('Showing 5 of 5 Records');
    const highlighted = shownIds().filter((id) => rowOf(id).classList.contains(classes.pastTarget!));
    expect(highlighted).toEqual([501, 504]);
    const late = rowOf(501);
    expect(within(late).getByText(tat.pastTarget).className).toContain('visuallyHidden');
    expect(late.getAttribute('title')).toBe('STAT job past its target turnaround of 2h 00m');
    for (const id of [502, 503, 505]) {
      expect(within(rowOf(id)).queryByText(tat.pastTarget), String(id)).toBeNull();
      expect(rowOf(id).getAttribute('title'), String(id)).toBeNull();
    }
  });
});
