import { isDeepStrictEqual } from 'node:util';
import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

type Serializer = (data: unknown) => string;

type JsonSchema = { [key: string]: unknown };

/**
 * `anyOf: [X, {type: 'null'}]` (zod's nullable) as X that may be null: fast-json-stringify writes
 * it without checking each value against both branches at run time (ajv, for every answer).
 */
function withoutNullBranches(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutNullBranches);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) out[k] = withoutNullBranches(v);
  const branches = out.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const nullAt = branches.findIndex(
      (b) => (b as JsonSchema).type === 'null' && Object.keys(b).length === 1,
    );
    const other = branches[1 - nullAt] as JsonSchema | undefined;
    if (nullAt >= 0 && other && typeof other.type === 'string') {
      const { anyOf: _, ...rest } = out;
      return { ...rest, ...other, nullable: true };
    }
  }
  return out;
}

/**
 * The answer's JSON Schema as zod's output type gives it, or null when zod cannot say it in JSON
 * Schema (a transform, a custom check) and the answer keeps zod's own serializer.
 */
function jsonSchemaOf(schema: ZodType): object | null {
  try {
    return withoutNullBranches(
      z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' }),
    ) as object;
  } catch {
    return null;
  }
}

/**
 * Response serialisation compiled once per route (issue 24): the zod answer schema becomes JSON
 * Schema and fast-json-stringify builds a function writing exactly its properties (what is not
 * in the schema is not sent, as with zod). zod checked and re-encoded every answer of every call
 * before `JSON.stringify`. Under test (`check`), every answer is also encoded by zod and the two
 * must agree, so the contract tests still catch an answer that breaks its schema.
 */
export function compiledSerializerCompiler(check: boolean): FastifySerializerCompiler<ZodType> {
  return (route) => {
    const zodSerializer = zodSerializerCompiler(route) as Serializer;
    const json = jsonSchemaOf(route.schema);
    if (!json) return zodSerializer;
    const fast = fastJsonStringify(json) as Serializer;
    return onceForFrozen(check ? checked(route, zodSerializer, fast) : fast);
  };
}

/**
 * A frozen answer cannot change, and one kept in memory (services/jobEditor/stampedCache.ts) is
 * the same object for every call served it: its JSON is written once per route and kept with it.
 */
function onceForFrozen(write: Serializer): Serializer {
  const written = new WeakMap<object, string>();
  return (data) => {
    if (data === null || typeof data !== 'object' || !Object.isFrozen(data)) return write(data);
    let json = written.get(data);
    if (json === undefined) {
      json = write(data);
      written.set(data, json);
    }
    return json;
  };
}

/** Under test: the compiled writer's JSON must say what zod's would. */
function checked(
  route: { method: string; url: string },
  zodSerializer: Serializer,
  fast: Serializer,
): Serializer {
  return (data) => {
    const expected = zodSerializer(data);
    const written = fast(data);
    if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
      throw new Error(
        `${route.method} ${route.url}: the compiled serializer wrote ${written}, zod ${expected}`,
      );
    }
    return written;
  };
}
