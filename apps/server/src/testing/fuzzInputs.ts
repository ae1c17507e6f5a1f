import type { Endpoint } from '@quill/core';
import { defOf, INPUT_PARTS, type InputPart, isNumericField } from '@quill/core/testing/schemaFields';
import fc from 'fast-check';
import type { z } from 'zod';

/**
 * Generated input for the fuzz suite (issue 23, suite 2): from an endpoint's zod schemas, a value
 * of each input part that is mostly well formed (ids from the demo data, enum values, short text),
 * then broken in one place — a field replaced by a bad value (NUL and control characters, 2³¹,
 * exponents, hex, floats, over-long text, deep nesting, large arrays, wrong types), a field left
 * out, an unknown field added, or the whole part replaced.
 */

/** Ids the demo data has, so that well-formed inputs reach the services. */
export interface IdPool {
  jobs: number[];
  structures: number[];
  facilities: number[];
  physicians: number[];
  members: number[];
  uploads: number[];
}

function nested(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

/** NUL and other control characters, in text and around it. */
const CONTROL_TEXT = ['\u0000', 'a\u0000b', 'Smith\u0000', '\u001b[31m', '\u0007', '\u007f', '\u0085'];
/** Ids a 32-bit column cannot hold, or that only a lax reader takes for a number. */
const BAD_IDS: unknown[] = [
  2147483648,
  '2147483648',
  -1,
  '-1',
  0,
  1.5,
  '1.5',
  '1e3',
  '0x10',
  ' 1',
  '99999999999999999999',
  1e308,
  2 ** 53 + 2,
  'NaN',
  'Infinity',
];

/** Values no field should accept as they are, or that stress the parsing of one that does. */
export const badValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...CONTROL_TEXT), weight: 4 },
  { arbitrary: fc.constantFrom(...BAD_IDS), weight: 4 },
  fc.constantFrom('', '\uD800', '../../etc/passwd', "' or 1=1 --", '%00', 'a'.repeat(5000)),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constant('x'.repeat(70_000)),
  fc.constant(nested(500)),
  fc.constant(Array.from({ length: 20_000 }, (_, i) => i)),
  fc.constantFrom(null, true, false, {}, [], JSON.parse('{"__proto__": {"isAdmin": true}}'), {
    constructor: { prototype: 1 },
  }),
  fc.jsonValue({ maxDepth: 3 }),
);

/**
 * Stand-ins for the live booking cookie and the job's current version (the first job of the pool
 * is booked by the suite): the suite books the job again and fills them in just before the call,
 * so the saves and other writes reach their services.
 */
export const BOOKING_MARK = '{{booking cookie}}';
export const VERSION_MARK = '{{job version}}';

/** The value with the stand-ins replaced (a copy when anything changed). */
export function fillMarks(value: unknown, cookie: string, version: number): unknown {
  if (value === BOOKING_MARK) return cookie;
  if (value === VERSION_MARK) return version;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => fillMarks(v, cookie, version));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillMarks(v, cookie, version)]));
}

/** True when a generated input holds a stand-in (the call needs a live booking). */
export const needsBooking = (input: unknown) => {
  const text = JSON.stringify(input) ?? '';
  return text.includes(BOOKING_MARK) || text.includes(VERSION_MARK);
};

function idsFor(name: string, pool: IdPool, full: boolean): fc.Arbitrary<number> {
  const n = name.toLowerCase();
  const list = /job|^id$|version/.test(n)
    ? pool.jobs
    : /^(cs|csid|corpid)$/.test(n)
      ? pool.structures
      : /facility|^cfs?(id)?$|companyid/.test(n)
        ? pool.facilities
        : /member/.test(n)
          ? pool.members
          : /user|physician|dictat|recipient/.test(n)
            ? pool.physicians
            : /upload/.test(n)
              ? pool.uploads
              : [];
  if (full) return fc.constant(list[0] ?? 1);
  return list.length
    ? fc.oneof({ arbitrary: fc.constantFrom(...list), weight: 4 }, fc.integer({ min: 0, max: 5 }))
    : fc.integer({ min: 0, max: 5 });
}

const TEXT = fc.oneof(
  fc.constantFrom('Smith', 'Ad', 'a', '2026-01-01', 'pdf', '0.1'),
  fc.string({ maxLength: 8 }),
);

/** A mostly well-formed value of a schema; `name` is the field it is for (ids by name). */
export function wellFormed(
  schema: z.ZodType,
  name: string,
  pool: IdPool,
  depth = 0,
  full = false,
): fc.Arbitrary<unknown> {
  if (name === 'bookingCookie') return fc.constant(BOOKING_MARK);
  if (isNumericField(schema)) {
    if (name === 'version') return fc.constant(VERSION_MARK);
    const ids = idsFor(name, pool, full);
    const list = schema.safeParse(['1']);
    return list.success && Array.isArray(list.data) ? fc.array(ids, { minLength: 1, maxLength: 3 }) : ids;
  }
  const def = defOf(schema);
  const inner = (s: z.ZodType, n = name) => wellFormed(s, n, pool, depth + 1, full);
  switch (def.type) {
    case 'string':
      return name === 'file' ? fc.constantFrom(...pool.jobs.map((j) => `${j}.pdf`), '1.rtf') : TEXT;
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'boolean':
      return fc.boolean();
    case 'number':
      return fc.integer({ min: 0, max: 5 });
    case 'object':
      return fc.record(Object.fromEntries(Object.entries(def.shape ?? {}).map(([k, v]) => [k, inner(v, k)])));
    case 'array':
      return depth > 6
        ? fc.constant([])
        : fc.array(inner(def.element!), { minLength: full ? 1 : 0, maxLength: 2 });
    case 'record':
      return fc.dictionary(fc.constantFrom('a', 'MRN'), inner(def.valueType!), { maxKeys: 2 });
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map((s) => inner(s)));
    case 'union':
      return fc.oneof(...(def.options ?? []).map((s) => inner(s)));
    case 'optional':
      return full ? inner(def.innerType!) : fc.option(inner(def.innerType!), { nil: undefined, freq: 3 });
    case 'nullable':
      return full ? inner(def.innerType!) : fc.option(inner(def.innerType!), { nil: null, freq: 3 });
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return inner(def.innerType!);
    case 'pipe': {
      const out = defOf(def.out!).type;
      const useOut = out === 'enum' || out === 'literal' || defOf(def.in!).type === 'unknown';
      return inner(useOut ? def.out! : def.in!);
    }
    case 'lazy':
      return depth > 6 ? fc.constant(null) : inner(def.getter!());
    case 'unknown':
    case 'any':
      return fc.jsonValue({ maxDepth: 2 });
    default:
      return fc.constant(undefined);
  }
}

type Path = (string | number)[];

function pathsOf(value: unknown): Path[] {
  const found: Path[] = [[]];
  const stack: [unknown, Path][] = [[value, []]];
  while (stack.length && found.length < 500) {
    const [v, path] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    for (const [k, child] of Object.entries(v)) {
      const p = [...path, Array.isArray(v) ? Number(k) : k];
      found.push(p);
      stack.push([child, p]);
    }
  }
  return found;
}

function valueAt(value: unknown, path: Path): unknown {
  let at = value;
  for (const step of path) at = (at as Record<string | number, unknown>)[step];
  return at;
}

/** One break of a value: how, where (an index into its paths) and with what. */
export interface Mutation {
  kind: 'none' | 'replace' | 'remove' | 'unknown' | 'whole';
  at: number;
  bad: unknown;
}

export const mutation: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom('none', 'replace', 'replace', 'replace', 'remove', 'unknown', 'whole'),
  at: fc.nat(),
  bad: badValue,
});

/** The value with the mutation applied (a copy; the value is left as it was). */
export function mutate(value: unknown, m: Mutation): unknown {
  if (m.kind === 'none') return value;
  if (m.kind === 'whole' || value === null || typeof value !== 'object') return m.bad;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  const paths = pathsOf(copy).filter((p) => p.length > 0);
  if (m.kind === 'unknown' || paths.length === 0) {
    if (!Array.isArray(copy)) copy[m.at % 2 ? 'unexpected\u0000' : 'extraField'] = m.bad;
    else (copy as unknown[]).push(m.bad);
    return copy;
  }
  const path = paths[m.at % paths.length]!;
  let parent: Record<string | number, unknown> = copy;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (m.kind === 'remove') {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else parent[last] = m.bad;
  return copy;
}

/** The generated input of one call: each part the endpoint has, broken or not. */
export type FuzzInput = Partial<Record<InputPart, unknown>> & {
  /** A JSON body sent as this text instead of `body`: deep nesting, broken or odd JSON. */
  rawJson?: string | null;
  file?: Uint8Array;
  raw?: Uint8Array;
  header?: string;
};

/** The path parameters of an endpoint (from its path; a route without a params schema has none). */
const pathParams = (e: Endpoint) => [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/** The generator of an endpoint's inputs. */
export function inputsOf(e: Endpoint, pool: IdPool): fc.Arbitrary<FuzzInput> {
  const parts: Record<string, fc.Arbitrary<unknown>> = {};
  for (const part of INPUT_PARTS) {
    const schema = e[part] as z.ZodType | undefined;
    if (schema)
      parts[part] = fc.tuple(wellFormed(schema, part, pool), mutation).map(([v, m]) => mutate(v, m));
  }
  if (!e.params && pathParams(e).length)
    parts.params = fc.record(Object.fromEntries(pathParams(e).map((p) => [p, fc.oneof(TEXT, badValue)])));
  if (e.body && !e.consumes)
    parts.rawJson = fc.option(
      fc.constantFrom(
        `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
        `{"a":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_001)}`,
        '{"jobId": 1e400}',
        '{"jobId": 12',
        '{"__proto__": {"polluted": true}}',
        '"\u0000"',
        '',
      ),
      { nil: null, freq: 6 },
    );
  if (e.consumes === 'multipart/form-data') parts.file = fc.uint8Array({ maxLength: 64 });
  if (e.consumes === 'application/octet-stream') parts.raw = fc.uint8Array({ maxLength: 256 });
  parts.header = fc.constantFrom('LOCK', 'UNLOCK', 'GET_LOCK', 'REFRESH_LOCK', 'PUT', 'BOGUS');
  return fc.record(parts) as fc.Arbitrary<FuzzInput>;
}

/**
 * The sweep of an endpoint: one fully populated well-formed input (every optional field present),
 * then, for every field of every part, that input with the field replaced — a number by 2³¹,
 * anything else by NUL-laced text — so each field meets the cases at least once,
 * whatever the random runs pick.
 */
export function sweepOf(e: Endpoint, pool: IdPool, seed: number): FuzzInput[] {
  const base: Partial<Record<InputPart, unknown>> = {};
  for (const part of INPUT_PARTS) {
    const schema = e[part] as z.ZodType | undefined;
    if (schema) base[part] = fc.sample(wellFormed(schema, part, pool, 0, true), { seed, numRuns: 1 })[0];
  }
  if (!e.params && pathParams(e).length) base.params = Object.fromEntries(pathParams(e).map((p) => [p, '1']));
  const inputs: FuzzInput[] = [];
  for (const part of Object.keys(base) as InputPart[]) {
    for (const at of pathsOf(base[part]).keys()) {
      if (at === 0) continue;
      const current = valueAt(base[part], pathsOf(base[part])[at]!);
      const bad = typeof current === 'number' ? 2147483648 : 'a\u0000b';
      inputs.push({ ...base, [part]: mutate(base[part], { kind: 'replace', at: at - 1, bad }) });
    }
  }
  return inputs;
}

/** Text of a value as a path segment, query value or form field carries it. */
export function asText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (v === undefined) return '';
  return JSON.stringify(v) ?? '';
}

/**
 * Percent-encodes text for a URL; a lone surrogate, which has no UTF-8, is sent as the bytes
 * ED A0 80 — malformed UTF-8, as a hostile client may send.
 */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((ch) => {
        try {
          return encodeURIComponent(ch);
        } catch {
          return '%ED%A0%80';
        }
      })
      .join('');
  }
}

/** The URL of a call with generated params and query (values of any type, sent as text). */
export function urlOfInput(e: Endpoint, input: FuzzInput): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = e.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encode(asText(typeof params === 'object' && params !== null ? params[name] : params)),
  );
  const query = input.query;
  if (query === undefined) return path;
  if (query === null || typeof query !== 'object' || Array.isArray(query))
    return `${path}?${encode(asText(query))}`;
  const pairs: string[] = [];
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    for (const one of Array.isArray(v) ? v.slice(0, 50) : [v])
      pairs.push(`${encode(k)}=${encode(asText(one))}`);
  }
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}

/** A multipart/form-data body of generated fields and a file. */
export function multipartOf(fields: unknown, file: Uint8Array | undefined): { body: Buffer; type: string } {
  const boundary = '----quillfuzz7d41';
  const chunks: Buffer[] = [];
  const entries =
    fields !== null && typeof fields === 'object' && !Array.isArray(fields)
      ? Object.entries(fields as Record<string, unknown>)
      : [['value', fields] as [string, unknown]];
  for (const [k, v] of entries) {
    if (v === undefined) continue;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${k.replace(/["\r\n]/g, '_')}"\r\n\r\n${asText(v)}\r\n`,
      ),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="upload.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.from(file),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}
