import { copyFile } from 'node:fs/promises';
import { expect, type FrameLocator, type Page, test } from '@playwright/test';
import { expectAccessible } from './helpers/axe';
import { frameMessages, installFakeWopiHost, openInFrame, postToFrame } from './helpers/fakeWopiHost';
import { buildWordDocument, WORD_DOCUMENT_TEXT as TEXT } from './helpers/wordDocument';

/*
 * Quill's embedded WOPI client page (issue 22) in Chromium: the job view's form post into a frame,
 * the page's WOPI calls and its PostMessage protocol with the host page. The WOPI host is a fake in
 * the browser's network layer (helpers/fakeWopiHost.ts) at this server's own /wopi/files/{id}: the
 * page's route accepts only such a WOPISrc, and the real host is built in parallel.
 */

const TOKEN = 'e2e-token-0123456789';
const SAVE = { DontTerminateEdit: true, DontSaveIfUnmodified: false, Notify: true };

function pageAddress(baseURL: string, mode: 'edit' | 'view', fileId = 'job-1') {
  return `/wopi-client/docx?mode=${mode}&WOPISrc=${encodeURIComponent(`${baseURL}/wopi/files/${fileId}`)}`;
}

/** A page of this server stands in for the job view that holds the frame. */
async function jobViewStandIn(page: Page) {
  await page.goto('/help');
}

/** The document's pages as the editor paints them (it also keeps an editing copy out of sight). */
function pages(frame: FrameLocator) {
  return frame.locator('.layout-page');
}

async function expectDocumentShown(frame: FrameLocator) {
  await expect(pages(frame).getByText(TEXT.title, { exact: true })).toBeVisible();
  await expect(pages(frame).getByText(TEXT.paragraph)).toBeVisible();
  await expect(pages(frame).getByText(TEXT.section, { exact: true })).toBeVisible();
  for (const cell of [...TEXT.tableHeader, ...TEXT.tableRow]) {
    await expect(pages(frame).getByText(cell, { exact: true })).toBeVisible();
  }
}

/** Screenshots for a person to look at: the test's output, and /tmp/wcli-NAME.png when asked. */
async function screenshot(page: Page, name: string) {
  const path = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path });
  if (process.env.WORD_CLIENT_SCREENSHOTS)
    await copyFile(path, `${process.env.WORD_CLIENT_SCREENSHOTS}/wcli-${name}.png`);
}

test.describe('the embedded WOPI client page', () => {
  test('view mode shows the Word document read only, without taking a lock', async ({ page, baseURL }) => {
    const host = await installFakeWopiHost(page, baseURL!, buildWordDocument(), TOKEN);
    await jobViewStandIn(page);
    const frame = await openInFrame(page, pageAddress(baseURL!, 'view'), TOKEN);
    await expectDocumentShown(frame);
    await expect(frame.getByRole('status')).toHaveText('Read only');
    await expect(frame.getByText('Consultation note.docx')).toBeVisible();
    await expect
      .poll(() => frameMessages(page))
      .toEqual([
        expect.objectContaining({ MessageId: 'App_LoadingStatus', Values: { Status: 'Frame_Ready' } }),
        expect.objectContaining({ MessageId: 'App_LoadingStatus', Values: { Status: 'Document_Loaded' } }),
      ]);
    expect(host.calls.map((c) => c.operation)).toEqual(['CHECK_FILE_INFO', 'GET_FILE']);
    expect(host.calls.every((c) => c.token === TOKEN)).toBe(true);
    // Nothing can be typed into a document opened to read.
    await pages(frame).getByText(TEXT.paragraph).click();
    await page.keyboard.type('typed');
    await expect(pages(frame).getByText('typed')).toHaveCount(0);
    await screenshot(page, 'view');
    await expectAccessible(page, 'the WOPI client in view mode');
  });

  test('edit mode: Lock, a change, Action_Save → PutFile with the lock → Action_Save_Resp, Unlock when the frame goes', async ({
    page,
    baseURL,
  }) => {
    const host = await installFakeWopiHost(page, baseURL!, buildWordDocument(), TOKEN);
    await jobViewStandIn(page);
    const frame = await openInFrame(page, pageAddress(baseURL!, 'edit'), TOKEN);
    await expectDocumentShown(frame);
    await expect(frame.getByRole('status')).toHaveText('Editing');
    await expect.poll(() => host.lock()).not.toBe('');
    const lock = host.lock();
    await screenshot(page, 'edit');
    await expectAccessible(page, 'the WOPI client in edit mode');

    // Change a word: "two weeks" becomes "three weeks" (the caret at the paragraph's end).
    const paragraph = pages(frame).getByText(TEXT.paragraph);
    const box = await paragraph.boundingBox();
    await paragraph.click({ position: { x: (box?.width ?? 1) - 1, y: (box?.height ?? 2) / 2 } });
    for (let i = 0; i < ' two weeks.'.length; i++) await page.keyboard.press('Backspace');
    await page.keyboard.type(' three weeks.');
    await expect(pages(frame).getByText('over the last three weeks.')).toBeVisible();
    await expect(frame.getByRole('status')).toHaveText('Unsaved changes');
    await expect
      .poll(async () => (await frameMessages(page)).filter((m) => m.MessageId === 'Doc_ModifiedStatus'))
      .toEqual([expect.objectContaining({ Values: { Modified: true } })]);

    await postToFrame(page, 'Action_Save', SAVE);
    await expect
      .poll(async () => (await frameMessages(page)).find((m) => m.MessageId === 'Action_Save_Resp')?.Values)
      .toEqual({ success: true });
    await expect(frame.getByRole('status')).toHaveText('Saved');
    const put = host.calls.find((c) => c.operation === 'PUT');
    expect(put?.lock).toBe(lock);
    expect(put?.body?.subarray(0, 2).toString()).toBe('PK');
    const modified = (await frameMessages(page)).filter((m) => m.MessageId === 'Doc_ModifiedStatus');
    expect(modified.map((m) => m.Values.Modified)).toEqual([true, false]);
    await screenshot(page, 'edit-saved');

    // The host clears the frame after the export: the page gives the lock back.
    await page.evaluate(() => document.querySelector('iframe')?.remove());
    await expect.poll(() => host.calls.at(-1)?.operation).toBe('UNLOCK');
    expect(host.calls.at(-1)?.lock).toBe(lock);
    expect(host.lock()).toBe('');

    // The saved .docx is a Word document with the change, its headings and its table.
    const reopened = await openInFrame(page, pageAddress(baseURL!, 'view'), TOKEN);
    await expect(pages(reopened).getByText('over the last three weeks.')).toBeVisible();
    await expect(pages(reopened).getByText(TEXT.title, { exact: true })).toBeVisible();
    for (const cell of [...TEXT.tableHeader, ...TEXT.tableRow]) {
      await expect(pages(reopened).getByText(cell, { exact: true })).toBeVisible();
    }
    await screenshot(page, 'saved-reopened');
  });

  test('someone else holds the lock: the document opens read only and says so', async ({ page, baseURL }) => {
    await installFakeWopiHost(page, baseURL!, buildWordDocument(), TOKEN, { lockedBy: 'another-client' });
    await jobViewStandIn(page);
    const frame = await openInFrame(page, pageAddress(baseURL!, 'edit'), TOKEN);
    await expectDocumentShown(frame);
    await expect(frame.getByRole('alert')).toHaveText(
      'Someone else is editing this document, so it is open read only.',
    );
    await postToFrame(page, 'Action_Save', SAVE);
    await expect
      .poll(async () => (await frameMessages(page)).find((m) => m.MessageId === 'Action_Save_Resp')?.Values)
      .toEqual({ success: false, result: 'lockedByOther' });
    await screenshot(page, 'locked-by-other');
  });

  test('the lock lost at a refresh turns the editor read only', async ({ page, baseURL }) => {
    await page.clock.install();
    const host = await installFakeWopiHost(page, baseURL!, buildWordDocument(), TOKEN);
    await jobViewStandIn(page);
    const frame = await openInFrame(page, pageAddress(baseURL!, 'edit'), TOKEN);
    await expectDocumentShown(frame);
    await expect.poll(() => host.lock()).not.toBe('');
    await page.clock.fastForward('05:00');
    await expect.poll(() => host.calls.filter((c) => c.operation === 'REFRESH_LOCK').length).toBe(1);
    host.steal('another-client');
    await page.clock.fastForward('05:00');
    await expect(frame.getByRole('alert')).toContainText('no longer reserved for you');
    await expect(frame.getByRole('status')).toHaveText('Read only');
    await pages(frame).getByText(TEXT.paragraph).click();
    await page.keyboard.type('typed');
    await expect(pages(frame).getByText('typed')).toHaveCount(0);
    await screenshot(page, 'lock-lost');
  });

  test('an access token the host refuses (401) says to reload the job', async ({ page, baseURL }) => {
    await installFakeWopiHost(page, baseURL!, buildWordDocument(), 'the-real-token');
    await jobViewStandIn(page);
    const frame = await openInFrame(page, pageAddress(baseURL!, 'view'), TOKEN);
    await expect(frame.getByRole('alert')).toHaveText(
      'Your access to this document has expired. Reload the job to open it again.',
    );
    await screenshot(page, 'expired');
  });

  test('a reload of the frame (no token) says to open the document from its job', async ({
    page,
    baseURL,
  }) => {
    await page.goto(pageAddress(baseURL!, 'view'));
    await expect(page.getByRole('alert')).toHaveText('Open this document from its job in Quill.');
  });

  test('a WOPISrc of another server is refused before any page is served', async ({ page }) => {
    const res = await page.request.post(
      `/wopi-client/docx?mode=view&WOPISrc=${encodeURIComponent('https://elsewhere.example.org/wopi/files/1')}`,
      { form: { access_token: TOKEN } },
    );
    expect(res.status()).toBe(400);
  });
});
