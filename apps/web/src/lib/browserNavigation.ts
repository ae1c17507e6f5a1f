/**
 * Full page loads and new windows, behind one seam so tests can watch them (jsdom cannot replace
 * `window.location.assign`).
 */
export const browserNavigation = {
  /** A full page load of `url` in this window (sign-in scheme, sign-out). */
  assign(url: string): void {
    window.location.assign(url);
  },
  /** `url` in a new window without access back to this one. */
  openInNewWindow(url: string): void {
    window.open(url, '_blank', 'noopener');
  },
};

/** A plain left click: the app navigates in place; a modified click opens a tab as a link does. */
export function isPlainClick(event: {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
