/*
 * New tabs and saved files for the bulk actions. A tab must be opened in the click that asks for
 * it (browsers block popups opened later), so documents that are fetched first get an empty tab at
 * once, which is pointed at the document when it has arrived.
 */

/** How long a document's blob URL stays valid: long enough for a new tab to load and print it. */
const BLOB_URL_LIFETIME_MS = 10 * 60_000;

/** A blob URL for the document, revoked again after a while. */
export function documentUrl(blob: Blob): string {
  const url = URL.createObjectURL(blob);
  setTimeout(() => URL.revokeObjectURL(url), BLOB_URL_LIFETIME_MS);
  return url;
}

/** Opens a same-origin URL in a new tab. False when the browser blocked the popup. */
export function openInNewTab(url: string): boolean {
  const opened = window.open(url, '_blank');
  return opened !== null && opened !== undefined;
}

/** An empty tab, opened now, to be pointed at a document later; null when popups are blocked. */
export interface PendingTab {
  show(url: string): void;
  close(): void;
}

/** Opens an empty tab (with `message` in it) in the current click; null when popups are blocked. */
export function openPendingTab(message: string): PendingTab | null {
  const tab = window.open('', '_blank');
  if (!tab) return null;
  try {
    tab.document.title = message;
    tab.document.body.textContent = message;
  } catch {
    // Not every browser lets the opener write into the new tab; the tab then stays blank.
  }
  return {
    show(url: string) {
      tab.location.href = url;
    },
    close() {
      tab.close();
    },
  };
}

function clickDownloadLink(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Downloads a same-origin file by its address, as a download link would: for what a browser cannot
 * show (RTF opens in the user's word processor), so no tab is left blank behind the download.
 */
export function downloadFrom(url: string): void {
  clickDownloadLink(url, '');
}

/** Saves a file the way a download link would. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  clickDownloadLink(url, fileName);
  // The download has started from the URL; give the browser a moment before it goes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
