/** Spec 01 §4 "Session": what counts as activity (mouse, keyboard, touch, scroll, wheel). */
export const ACTIVITY_EVENTS = [
  'mousemove',
  'mousedown',
  'keydown',
  'touchstart',
  'touchmove',
  'wheel',
  'scroll',
  // What happens where the document cannot see it: typing in the Word frame (reportActivity).
  'quill:activity',
];

/**
 * Reports user activity the document's own events do not show: work inside a frame (the Word
 * document's WOPI client), so the session does not time out while the user types there.
 */
export function reportActivity(target: Document = document): void {
  target.dispatchEvent(new Event('quill:activity'));
}

/**
 * Calls `onActivity` for every user activity anywhere in the document (capture phase, so modals
 * and scrolling inner panels count too). A mousemove that did not move the pointer, which a
 * browser may send when the page under a still mouse changes, is not activity. Answers a function
 * that stops listening.
 */
export function listenForActivity(onActivity: () => void, target: Document = document): () => void {
  let x = Number.NaN;
  let y = Number.NaN;
  const handler = (event: Event) => {
    if (event.type === 'mousemove') {
      const { clientX, clientY } = event as MouseEvent;
      if (clientX === x && clientY === y) return;
      x = clientX;
      y = clientY;
    }
    onActivity();
  };
  const options = { capture: true, passive: true } as const;
  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, handler, options);
  return () => {
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, handler, options);
  };
}
