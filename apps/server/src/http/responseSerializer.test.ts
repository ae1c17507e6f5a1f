import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledSerializerCompiler } from './responseSerializer.js';

const Answer = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  tags: z.array(z.object({ code: z.string() })),
});
const route = { schema: Answer, method: 'GET', url: '/api/example', httpStatus: '200' };

describe('answers serialized through compiled schemas', () => {
  it('writes what the schema declares and nothing else, as zod did', () => {
    const write = compiledSerializerCompiler(false)(route);
    const data = { id: 7, name: null, tags: [{ code: 'A', internal: 1 }], passwordHash: 'x' };
    expect(JSON.parse(write(data))).toEqual({ id: 7, name: null, tags: [{ code: 'A' }] });
  });

  it('under test, refuses an answer that breaks its schema', () => {
    const write = compiledSerializerCompiler(true)(route);
    expect(write({ id: 7, name: 'n', tags: [] })).toBe('{"id":7,"name":"n","tags":[]}');
    expect(() => write({ id: '7', name: 'n', tags: [] })).toThrow();
    expect(() => write({ id: 7.5, name: 'n', tags: [] })).toThrow();
  });
});
