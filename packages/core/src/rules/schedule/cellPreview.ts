import { SCHEDULE_LIMITS } from '../../contract/schedule.js';

/**
 * A cell of an uploaded file as an answer may echo it (issue 41): at most
 * SCHEDULE_LIMITS.cellPreview characters, the last of them "…" when the cell was cut (never half
 * of a surrogate pair).
 */
export function cellPreview(text: string, max: number = SCHEDULE_LIMITS.cellPreview): string {
  if (text.length <= max) return text;
  let cut = max - 1;
  const last = text.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut -= 1;
  return `${text.slice(0, cut)}…`;
}
