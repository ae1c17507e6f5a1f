import type { z } from 'zod';
import type { Endpoint } from '../contract/endpoint.js';

/**
 * The input fields of the endpoint table's schemas, found by walking the zod schemas (tests only):
 * the edge-input test proves every field refuses bad text and bad ids, and the fuzz suite builds
 * its inputs from them. Follows objects, arrays, records, tuples, unions, pipes, lazy schemas and
 * the optional / nullable / default wrappers.
 */

/** Where a request's input comes from. */
export type InputPart = 'params' | 'query' | 'body' | 'fields';
export const INPUT_PARTS: readonly InputPart[] = ['params', 'query', 'body', 'fields'];

/** One field: its dotted path within the part (`''` for the part itself) and its schema. */
export interface SchemaField {
  path: string;
  schema: z.ZodType;
}

/** The part of a zod schema's internal definition the walks read. */
export interface ZodDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  getter?: () => z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
}

/** A schema's definition (zod 4 keeps it at `_zod.def`). */
export const defOf = (schema: z.ZodType): ZodDef => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

/** The schemas a schema is made of, with the path step each adds (`''` when none). */
function children(schema: z.ZodType): [string, z.ZodType, boolean][] {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape ?? {}).map(([k, v]) => [k, v, true]);
    case 'array':
      return [['[]', def.element!, true]];
    case 'record':
      return [
        ['{key}', def.keyType!, true],
        ['{}', def.valueType!, true],
      ];
    case 'tuple':
      return (def.items ?? []).map((item, i) => [`[${i}]`, item, true]);
    case 'union':
      return (def.options ?? []).map((o) => ['', o, false]);
    case 'intersection':
      return [
        ['', def.left!, false],
        ['', def.right!, false],
      ];
    case 'pipe':
      // What the pipe hands on is checked by its output schema; the input side is only raw
      // material (`z.string()` before a split). A pipe into a bare transform is checked by its input.
      return [['', defOf(def.out!).type === 'transform' ? def.in! : def.out!, false]];
    case 'lazy':
      return [['', def.getter!(), false]];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return [['', def.innerType!, false]];
    default:
      return [];
  }
}

/**
 * Every field of a schema: the schema itself (path `''`) and each object property, array element,
 * record key and value and tuple item below it, once each (recursive schemas are walked once).
 */
export function fieldsOf(root: z.ZodType): SchemaField[] {
  const found: SchemaField[] = [{ path: '', schema: root }];
  const seen = new Set<z.ZodType>();
  const stack: [string, z.ZodType][] = [['', root]];
  while (stack.length) {
    const [path, schema] = stack.pop()!;
    if (seen.has(schema)) continue;
    seen.add(schema);
    for (const [step, child, isField] of children(schema)) {
      const childPath = step ? (path ? `${path}.${step}` : step) : path;
      if (isField) found.push({ path: childPath, schema: child });
      stack.push([childPath, child]);
    }
  }
  return found;
}

/** The object keys of a schema's top level (through wrappers and pipes), for missing/unknown fields. */
export function topLevelKeys(schema: z.ZodType): string[] {
  const keys = new Set<string>();
  const stack = [schema];
  const seen = new Set<z.ZodType>();
  while (stack.length) {
    const s = stack.pop()!;
    if (seen.has(s)) continue;
    seen.add(s);
    const def = defOf(s);
    if (def.type === 'object') for (const k of Object.keys(def.shape ?? {})) keys.add(k);
    else for (const [step, child] of children(s)) if (!step) stack.push(child);
  }
  return [...keys];
}

/** The input schemas of an endpoint by part. */
export function inputSchemas(e: Endpoint): [InputPart, z.ZodType][] {
  return INPUT_PARTS.flatMap((part) =>
    e[part] ? [[part, e[part] as z.ZodType] as [InputPart, z.ZodType]] : [],
  );
}

/**
 * True when the field reads a whole number (or a list of them): it turns `1`, `"1"` or `["1"]`
 * into the number 1 or `[1]`. Ids and the other whole numbers of the table are such fields.
 */
export function isNumericField(schema: z.ZodType): boolean {
  for (const sample of [1, '1', ['1'], [1]]) {
    const r = schema.safeParse(sample);
    if (!r.success) continue;
    const out = r.data;
    if (typeof out === 'number') return true;
    if (Array.isArray(out) && out.length > 0 && out.every((n) => typeof n === 'number')) return true;
  }
  return false;
}
