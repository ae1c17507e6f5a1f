import { z } from 'zod';
import { message } from '../i18n/format.js';
import { MAX_ID } from '../rules/settings/constants.js';
import { plainText } from './documents/text.js';

/**
 * Whole numbers and ids at the edge (issue 23 "Input at the edge"), and the booking cookie of the
 * job editor's calls, with the messages a 400 answer carries. An id is a positive 32-bit integer
 * (1 … {@link MAX_ID}); in a path or query string it is written in decimal digits only — no sign,
 * exponent, hex, decimal point or spaces (`1e3` and `0x10` are refused, never read as 1000 and 16).
 * Not part of the package's index: the contract files import it (a module of its own, so contract
 * files never import each other in a circle).
 */

/** `12`, `007`: decimal digits only. */
const DIGITS = /^[0-9]{1,20}$/;
/** `-3`: refused, with the message that says how small a value may be. */
const NEGATIVE = /^-[0-9]{1,20}$/;

interface Bounds {
  min: number;
  max: number;
  /** The message for text that is not a whole number, or a value out of bounds (default: the catalogue's). */
  error?: string;
  /** The message for a value below `min` (default: `error`, else the catalogue's). */
  tooSmall?: string;
  /** The message for a value above `max` (default: `error`, else the catalogue's). */
  tooLarge?: string;
}

/** The messages of a whole number's three ways to be wrong. */
function messagesOf(name: string, bounds: Bounds) {
  const whole = bounds.error ?? message('input.wholeNumber', { field: name });
  const smallDefault =
    bounds.min === 1
      ? message('input.positive', { field: name })
      : message('input.atLeast', { field: name, min: bounds.min });
  return {
    whole,
    tooSmall: bounds.tooSmall ?? bounds.error ?? smallDefault,
    tooLarge: bounds.tooLarge ?? bounds.error ?? message('input.atMost', { field: name, max: bounds.max }),
  };
}

/**
 * A whole number from a path, a query string or a form field: decimal digits within `bounds`
 * (a number is taken as it is, for callers that build the query from numbers).
 */
export const wholeNumberText = (name: string, bounds: Bounds) => {
  const says = messagesOf(name, bounds);
  return z.union([z.string(), z.number()], { error: says.whole }).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : DIGITS.test(v) ? Number(v) : Number.NaN;
    const wrong =
      typeof v === 'string' && NEGATIVE.test(v)
        ? says.tooSmall
        : !Number.isSafeInteger(n)
          ? says.whole
          : n < bounds.min
            ? says.tooSmall
            : n > bounds.max
              ? says.tooLarge
              : null;
    if (wrong === null) return n;
    ctx.addIssue({ code: 'custom', message: wrong });
    return z.NEVER;
  });
};

/** A whole number in a JSON body, within `bounds`; never text. */
export const wholeNumber = (name: string, bounds: Bounds) => {
  const says = messagesOf(name, bounds);
  return z
    .number({ error: says.whole })
    .int(says.whole)
    .min(bounds.min, says.tooSmall)
    .max(bounds.max, says.tooLarge);
};

/** An id from a query string, a path or a form field: decimal digits, 1 … 2147483647. */
export const queryId = (name: string, error?: string) =>
  wholeNumberText(name, { min: 1, max: MAX_ID, error });

/** An id in a JSON body: a whole number 1 … 2147483647, never text. */
export const bodyId = (name: string, error?: string) => wholeNumber(name, { min: 1, max: MAX_ID, error });

/**
 * Ids in a query string as repeated keys (`jobIds=1&jobIds=2`) or comma-separated (`1,2`): each
 * an id as {@link queryId} reads it, at least one. `field` names the parameter, `item` one id.
 */
export const queryIdList = (field: string, item: string) =>
  z
    .union([z.string(), z.array(z.string())], {
      error: message('input.idList', { field }),
    })
    .transform((v): (string | number)[] =>
      (Array.isArray(v) ? v : [v])
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(queryId(item)).min(1, message('input.idList', { field })));

/** The live booking cookie every write to a job presents (ARCHITECTURE §4 "Booking"). */
export const BookingCookieSchema = plainText('bookingCookie', { max: 200 }).min(
  1,
  'bookingCookie is required',
);
