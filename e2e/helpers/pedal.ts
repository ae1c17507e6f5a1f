import type { CDPSession } from '@playwright/test';

/** The pedal keys as Chromium knows them (Playwright's keyboard has F1–F12 only). */
const VIRTUAL_KEY = { F13: 124, F14: 125, F15: 126, F16: 127 } as const;
export type PedalKey = keyof typeof VIRTUAL_KEY;

/** A real (trusted) key event, as a foot pedal in keyboard mode sends it (spec 01 §9: F13–F16). */
export async function pedal(cdp: CDPSession, key: PedalKey, type: 'rawKeyDown' | 'keyUp') {
  await cdp.send('Input.dispatchKeyEvent', { type, key, code: key, windowsVirtualKeyCode: VIRTUAL_KEY[key] });
}
