import { message } from '@quill/core';
import { invalid } from '../../errors/domainErrors.js';

/** The most entries a search page holds, and the default. */
export const MAX_COUNT = 100;
export const DEFAULT_COUNT = 20;
/** How far paging reaches (a client that needs more narrows its search by date). */
export const MAX_OFFSET = 10_000;
/** The longest value a search parameter takes. */
export const MAX_PARAM_LENGTH = 200;

/** The kind of each search parameter a resource type takes. */
export type ParamKinds = Record<string, 'token' | 'date' | 'string' | 'id'>;

/** A search as asked for: its page and its parameters' values (a date may be given twice, for a range). */
export interface SearchRequest {
  count: number;
  offset: number;
  params: Map<string, string[]>;
}

/** Parameters every search takes besides the resource type's own. */
const COMMON = new Set(['_count', '_offset', '_format']);

function whole(value: string, max: number, key: 'fhir.badCount' | 'fhir.badOffset'): number {
  const n = /^\d{1,6}$/.test(value) ? Number(value) : Number.NaN;
  if (!(n >= 0 && n <= max)) throw invalid(message(key, { max }));
  return n;
}

/**
 * Reads a search's query: unknown parameters, repeated ones (but a date range), values over
 * {@link MAX_PARAM_LENGTH} and a `_count` over {@link MAX_COUNT} are refused with what to send instead.
 */
export function parseSearch(type: string, query: Record<string, unknown>, kinds: ParamKinds): SearchRequest {
  const params = new Map<string, string[]>();
  let count = DEFAULT_COUNT;
  let offset = 0;
  for (const [name, raw] of Object.entries(query)) {
    const values = (Array.isArray(raw) ? raw : [raw]).map(String);
    const kind = kinds[name];
    if (!kind && !COMMON.has(name)) throw invalid(message('fhir.unknownParam', { name, type }));
    if (values.length > (kind === 'date' ? 2 : 1)) throw invalid(message('fhir.repeatedParam', { name }));
    for (const v of values) {
      if (v.length > MAX_PARAM_LENGTH)
        throw invalid(message('fhir.tooLong', { name, max: MAX_PARAM_LENGTH }));
    }
    if (name === '_count') count = whole(values[0]!, MAX_COUNT, 'fhir.badCount');
    else if (name === '_offset') offset = whole(values[0]!, MAX_OFFSET, 'fhir.badOffset');
    else if (kind) params.set(name, values);
  }
  return { count, offset, params };
}

/** A token parameter's value: `value`, `system|value` or `|value` (no system). */
export interface Token {
  system: string | undefined;
  value: string;
}

/** Reads a token parameter (an identifier, a code). */
export function parseToken(name: string, text: string): Token {
  const bar = text.indexOf('|');
  const token =
    bar < 0 ? { system: undefined, value: text } : { system: text.slice(0, bar), value: text.slice(bar + 1) };
  if (!token.value.trim()) throw invalid(message('fhir.badToken', { name, max: MAX_PARAM_LENGTH }));
  return token;
}

/** The time span a date parameter names, as [from, to) in UTC, and how it compares. */
export interface DateBound {
  prefix: 'eq' | 'ge' | 'le' | 'gt' | 'lt';
  from: Date;
  to: Date;
}

const DATE =
  /^(eq|ge|le|gt|lt)?(\d{4})(?:-(\d{2})(?:-(\d{2})(T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2}))?)?)?$/;

/**
 * Reads a date parameter: a prefix (eq when none) and a year, month, day (UTC days) or instant;
 * years 1900–9999. Anything else is refused saying what a date looks like.
 */
export function parseDate(text: string): DateBound {
  const m = DATE.exec(text);
  const bad = () => invalid(message('fhir.badDate', { value: text.slice(0, 40) }));
  if (!m) throw bad();
  const [, prefix = 'eq', y, mo, d, time] = m;
  const year = Number(y);
  if (year < 1900 || (mo && (Number(mo) < 1 || Number(mo) > 12))) throw bad();
  let from: Date;
  let to: Date;
  if (time) {
    from = new Date(`${y}-${mo}-${d}${time}`);
    to = new Date(from.getTime() + 1000);
  } else if (d) {
    from = new Date(Date.UTC(year, Number(mo) - 1, Number(d)));
    to = new Date(Date.UTC(year, Number(mo) - 1, Number(d) + 1));
    if (from.getUTCDate() !== Number(d)) throw bad();
  } else if (mo) {
    from = new Date(Date.UTC(year, Number(mo) - 1, 1));
    to = new Date(Date.UTC(year, Number(mo), 1));
  } else {
    from = new Date(Date.UTC(year, 0, 1));
    to = new Date(Date.UTC(year + 1, 0, 1));
  }
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) throw bad();
  return { prefix: prefix as DateBound['prefix'], from, to };
}

/** The first value of a parameter, if given. */
export const first = (search: SearchRequest, name: string) => search.params.get(name)?.[0];
