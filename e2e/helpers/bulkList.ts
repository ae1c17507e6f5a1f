import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { serverDataDir } from './dataDir';
import { STRUCTURE } from './jobs';
import { MANAGER, signIn } from './signIn';

/** The job list's bulk actions in the manager's pending queue (documents.spec.ts, fax.spec.ts). */

export interface Row {
  jobId: number;
  patientMRN: string;
  patientName: string | null;
  stageName: string;
  clientFacilityId: number;
}

export async function listReady(page: Page): Promise<void> {
  await expect(page.getByTestId('record-line')).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Signs in and opens the structure's pending queue from the chooser; answers the structure id. */
export async function openPending(page: Page): Promise<string> {
  await signIn(page, MANAGER, '/jobs');
  await page.getByPlaceholder('Type to find a Corporate Structure...').fill('Meridian');
  await page.getByRole('option', { name: STRUCTURE }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/jobs\/\d+\/pending$/);
  await listReady(page);
  return /\/jobs\/(\d+)\//.exec(page.url())![1]!;
}

/** The pending queue's rows as the server answers them (dist?status=PENDING per batch of 4). */
export async function pendingRows(page: Page, cs: string): Promise<Row[]> {
  const cfs = (await (await page.request.get(`/api/settings/cfs/${cs}`)).json()) as number[];
  const rows: Row[] = [];
  for (let i = 0; i < cfs.length; i += 4) {
    const batch = cfs.slice(i, i + 4).join(',');
    rows.push(
      ...((await (
        await page.request.get(`/api/jobs/dist?status=PENDING&corpId=${cs}&cfs=${batch}`)
      ).json()) as Row[]),
    );
  }
  return rows;
}

/** Searches the list for the job and checks its row (the selection outlives the search). */
export async function checkJob(page: Page, jobId: number): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search' }).fill(String(jobId));
  const row = page.locator(`tbody tr[data-job-id="${jobId}"]`);
  await expect(row).toBeVisible();
  await row.getByRole('checkbox').check();
}

export async function openBulkMenu(page: Page) {
  await page.getByTestId('bulk-actions').click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

/** The fax envelopes in DATA_DIR/fax-outbox (each with its PDF next to it). */
export function outbox(): { to: { name: string; faxNumber: string }; jobIds: number[]; document: string }[] {
  const dir = join(serverDataDir(), 'fax-outbox');
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.endsWith('.json') && !n.startsWith('.'))
    .map((n) => JSON.parse(readFileSync(join(dir, n), 'utf8')))
    .filter((e) => names.includes(e.document));
}
