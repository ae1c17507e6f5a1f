import type { KeyboardEvent } from 'react';

/**
 * A toolbar is one tab stop (issue 39: 21 Shift+Tabs from the editor's text back to Save): Tab
 * reaches the toolbar, the arrow keys (and Home, End) move between its enabled buttons, Tab
 * leaves it. The WAI-ARIA toolbar pattern; the editor's toolbar and the player's transport buttons.
 */
export function moveInToolbar(event: KeyboardEvent<HTMLElement>): void {
  const step = { ArrowRight: 1, ArrowLeft: -1, Home: -Infinity, End: Infinity }[event.key];
  if (step === undefined) return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')];
  if (!buttons.length) return;
  event.preventDefault();
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const next =
    step === -Infinity
      ? 0
      : step === Infinity
        ? buttons.length - 1
        : at === -1
          ? step > 0
            ? 0
            : buttons.length - 1
          : (at + step + buttons.length) % buttons.length;
  buttons[next]?.focus();
}
