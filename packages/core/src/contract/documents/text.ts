import { z } from 'zod';
import { message } from '../../i18n/format.js';

/**
 * Text at the edge (issue 23 "Input at the edge"): every string a request carries — body fields,
 * path parameters, query strings, form fields — goes through {@link plainText}, which refuses NUL
 * and the other control characters (PostgreSQL cannot store NUL in text; the others have no place
 * in a name, a search or a note) with a 400 naming the field.
 */

// C0 controls, DEL and C1 controls.
// biome-ignore lint/suspicious/noControlCharactersInRegex: exactly what text may not hold
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
// The same without tab, line feed and carriage return: text that is multi-line by nature (notes).
// biome-ignore lint/suspicious/noControlCharactersInRegex: exactly what multi-line text may not hold
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** True when the text holds a control character (tab, CR and LF allowed when `multiline`). */
export function hasControlCharacter(text: string, multiline = false): boolean {
  return (multiline ? CONTROL_BUT_LINES : CONTROL).test(text);
}

/**
 * A string field named `name`: text without control characters (tab, CR and LF allowed when
 * `multiline`), at most `max` characters when given. Chain `.trim()`, `.min()`, `.regex()` as on
 * any zod string.
 */
export const plainText = (name: string, opts: { max?: number; multiline?: boolean } = {}) => {
  const base = z.string({ error: message('input.text', { field: name }) });
  const bounded =
    opts.max === undefined
      ? base
      : base.max(opts.max, message('input.atMost', { field: name, max: `${opts.max} characters` }));
  return bounded.refine(
    (v) => !hasControlCharacter(v, opts.multiline),
    message('input.controlCharacter', { field: name }),
  );
};
