import { type BrowserContext, expect, type Page } from '@playwright/test';
import { type DemoUser, MANAGER, selectAccountIfAsked } from './signIn';

/** The demo structure the manager signs in to. */
export const STRUCTURE = /Meridian Valley Health/;

/** The part of GetJobDetails these tests read. */
export interface JobFacts {
  jobId: number;
  stageId: number;
  stageName: string;
  componentType: string;
  version: number;
  isProtected: boolean;
  clientFacility: { id: number };
  workType: {
    id: number;
    name: string;
    enableAddressee: boolean;
    allowPatientAsRecipient: boolean;
    minAddressees: number;
    maxAddressees: number | null;
  } | null;
  recipients: { isAddressee: boolean; removed: boolean; isPatient: boolean }[];
  holdQueueFlags: { code: string }[];
  patientName: string | null;
  dictator: { userId: number } | null;
  jobNotes: { note: string }[];
}

/** The part of a job list row these tests read. */
export interface ListRow {
  jobId: number;
  stageId: number;
  stageName: string;
  patientMRN: string;
  patientName: string | null;
  signedDate: string | null;
}

/** The structure's id and the rows of its All queue (through the API, batches of four facilities). */
export async function structureRows<Row extends { jobId: number } = ListRow>(
  page: Page,
): Promise<{ cs: number; rows: Row[] }> {
  const structures = (await (await page.request.get('/api/jobs/getusercs')).json()) as {
    id: number;
    companyNameId: string;
  }[];
  const cs = structures.find((s) => STRUCTURE.test(s.companyNameId))!.id;
  const cfs = (await (await page.request.get(`/api/settings/cfs/${cs}`)).json()) as number[];
  const rows: Row[] = [];
  for (let i = 0; i < cfs.length; i += 4) {
    const batch = cfs.slice(i, i + 4).join(',');
    rows.push(
      ...((await (await page.request.get(`/api/jobs/alljobs?corpId=${cs}&cfs=${batch}`)).json()) as Row[]),
    );
  }
  return { cs, rows };
}

/** The structure's id and the job ids of its All queue. */
export async function structureJobIds(page: Page): Promise<{ cs: number; jobIds: number[] }> {
  const { cs, rows } = await structureRows(page);
  return { cs, jobIds: rows.map((r) => r.jobId) };
}

/** GetJobDetails of a job. */
export async function jobFacts(page: Page, jobId: number): Promise<JobFacts> {
  const res = await page.request.get(`/api/job/GetJobDetails?jobId=${jobId}`);
  expect(res.ok(), `GetJobDetails ${jobId}`).toBe(true);
  return (await res.json()) as JobFacts;
}

/** Whether the job's current CDA can be opened in the editor (a CDA, not the fallback document). */
export async function hasEditableCda(page: Page, jobId: number): Promise<boolean> {
  const a = (await (await page.request.get(`/api/job/GetDocumentAvailability?jobId=${jobId}`)).json()) as {
    documentType: string | null;
    isFallbackDocument: boolean;
    hasCDA: boolean;
  };
  return a.hasCDA && !a.isFallbackDocument && (a.documentType === null || a.documentType === 'CDA');
}

/** Spec 02 §5: the addressee count is within the work type's limits (move on and finish are offered). */
export function addresseesWithinLimits(job: JobFacts): boolean {
  const wt = job.workType;
  if (!wt?.enableAddressee) return true;
  const count = job.recipients.filter((r) => r.isAddressee && !r.removed).length;
  if (wt.maxAddressees !== null && count > wt.maxAddressees) return false;
  return count >= wt.minAddressees;
}

/** The label the job list shows for a stage (spec 01 §4 "Stage display"). */
export function listStageLabel(stageId: number, stageName: string): string {
  if (stageName === 'Processing' || stageName === 'Finished') return stageName;
  if (stageName === 'ES') return 'ESign';
  if (stageId !== 16 && stageId > 7) return 'Pending Distribution';
  if (stageId !== 16 && stageId > 3) return 'Failed Distribution';
  return stageName;
}

/**
 * The text of a job's cell in a job list, read on `page`: opens `listPath` (for example
 * `/jobs/{cs}/all`), searches the job id and reads the row's cell under the column `column` (a
 * column key such as stageName or patientName). Null when the list has no row for the job.
 */
export async function cellInList(
  page: Page,
  listPath: string,
  jobId: number,
  column: string,
): Promise<string | null> {
  await page.goto(listPath);
  const records = page.getByTestId('record-line');
  await expect(records).toBeVisible();
  const unfiltered = (await records.textContent()) ?? '';
  await page.getByRole('searchbox', { name: 'Search' }).fill(String(jobId));
  const row = page.locator(`tbody tr[data-job-id="${jobId}"]`);
  // The search has applied once the row shows, or the record line changed and holds still.
  const line = async () => ((await records.isVisible()) ? await records.textContent() : null);
  await expect
    .poll(async () => {
      if ((await row.count()) > 0) return 'row';
      const before = await line();
      await page.waitForTimeout(500);
      return before !== unfiltered && before === (await line()) && (await row.count()) === 0 ? 'none' : '';
    })
    .not.toBe('');
  // More matches than one page shows: the largest page (the id may match other jobs' cells).
  const [, shown, total] = /Showing ([\d,]+) of ([\d,]+)/.exec((await line()) ?? '') ?? [];
  if ((await row.count()) === 0 && shown && total && shown !== total) {
    await page.getByTestId('page-size').click();
    await page.getByRole('option').last().click();
    await expect(records).not.toHaveText(new RegExp(`^Showing ${shown} of`));
  }
  if ((await row.count()) === 0) return null;
  const index = await page
    .locator('thead th')
    .evaluateAll((ths, key) => ths.findIndex((th) => (th as HTMLElement).dataset.column === key), column);
  expect(index, `the ${column} column is shown`).toBeGreaterThanOrEqual(0);
  return ((await row.locator('td').nth(index).textContent()) ?? '').trim();
}

/** The stage label of a job's row in the All queue of structure `cs`. */
export async function stageInList(page: Page, cs: number, jobId: number): Promise<string> {
  const stage = await cellInList(page, `/jobs/${cs}/all`, jobId, 'stageName');
  expect(stage, `job ${jobId} is in the All queue`).not.toBeNull();
  return stage ?? '';
}

/** A second tab of the signed-in context for watching the job list (it picks the account once). */
export async function openListTab(context: BrowserContext, user: DemoUser = MANAGER): Promise<Page> {
  const tab = await context.newPage();
  await tab.goto('/jobs');
  await selectAccountIfAsked(tab, user);
  return tab;
}

interface Availability {
  documentType: string | null;
  isFallbackDocument: boolean;
  hasCDA: boolean;
}

/** The part of GetJobDetails the editor tests read. */
export interface CdaJobDetails {
  jobId: number;
  stageId: number;
  stageName: string;
  version: number;
}

/**
 * A job of the structure with an editable CDA, preferably in the hold queue; from the end of the
 * All queue with `fromEnd` (so two tests that change a job's document do not meet).
 */
export async function findCdaJob(
  page: Page,
  { fromEnd = false } = {},
): Promise<{ cs: number; job: CdaJobDetails }> {
  const { cs, jobIds } = await structureJobIds(page);
  let fallback: CdaJobDetails | null = null;
  for (const jobId of (fromEnd ? [...jobIds].reverse() : jobIds).slice(0, 200)) {
    const a = (await (
      await page.request.get(`/api/job/GetDocumentAvailability?jobId=${jobId}`)
    ).json()) as Availability;
    if (!a.hasCDA || a.isFallbackDocument || (a.documentType !== null && a.documentType !== 'CDA')) continue;
    const d = (await (
      await page.request.get(`/api/job/GetJobDetails?jobId=${jobId}`)
    ).json()) as CdaJobDetails;
    if (d.stageId === 3) return { cs, job: d };
    if (!fallback && ![13, 16].includes(d.stageId)) fallback = d;
  }
  if (!fallback) throw new Error('The demo data has no job with an editable CDA');
  return { cs, job: fallback };
}
