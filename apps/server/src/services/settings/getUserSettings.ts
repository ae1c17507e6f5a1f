import { PERMISSIONS, type Permission, type UserSettings } from '@quill/core';
import type { Auth } from '../auth/auth.js';

/**
 * GET /api/settings/user: formats, locale and the selected account's permissions — all read with
 * the session (resolveSession), so the call needs no statement of its own.
 */
export function getUserSettings(auth: Auth, fftmBaseUrl: string): UserSettings {
  return {
    dateFormat: auth.display.dateFormat,
    timeFormat: auth.display.timeFormat,
    locale: auth.display.locale,
    permissions: PERMISSIONS.filter((p): p is Permission => auth.permissions.has(p)),
    userId: auth.userId,
    fftmBaseUrl,
  };
}
