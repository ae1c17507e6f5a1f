import { PRODUCTIVITY } from '@quill/core/contract/endpoints/productivity';
import type { Productivity } from '@quill/core/contract/productivity';
import { callApi } from '../../lib/api';

/** The browser's own time zone: "today" on My productivity is the person's day (rules/reports/productivity.ts). */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** My productivity's call (issue 27): the signed-in account's own figures, today in `tz`. */
export const loadProductivity = (tz: string | undefined, signal?: AbortSignal): Promise<Productivity> =>
  callApi(PRODUCTIVITY.me, { query: { tz } }, { signal });
