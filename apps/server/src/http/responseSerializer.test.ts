import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledSerializerCompiler } from './responseSerializer.js';

const Answer = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  stat: z.enum(['U', 'M']).nullable(),
  owner: z.object({ id: z.number() }).nullable(),
  tags: z.array(z.object({ code: z.string() })),
});
const route = { schema: Answer, method: 'GET', url: '/api/example', httpStatus: '200' };

describe('answers serialized through compiled schemas', () => {
  it('writes what the schema declares and nothing else, as zod did', () => {
    const write = compiledSerializerCompiler(false)(route);
    const data = {
      id: 7,
      name: null,
      stat: 'U',
      owner: { id: 1, secret: 's' },
      tags: [{ code: 'A', internal: 1 }],
      passwordHash: 'x',
    };
    expect(JSON.parse(write(data))).toEqual({
      id: 7,
      name: null,
      stat: 'U',
      owner: { id: 1 },
      tags: [{ code: 'A' }],
    });
    expect(JSON.parse(write({ ...data, stat: null, owner: null }))).toEqual({
      id: 7,
      name: null,
      stat: null,
      owner: null,
      tags: [{ code: 'A' }],
    });
  });

  it('under test, refuses an answer that breaks its schema', () => {
    const write = compiledSerializerCompiler(true)(route);
    const ok = { id: 7, name: 'n', stat: null, owner: null, tags: [] };
    expect(write(ok)).toBe('{"id":7,"name":"n","stat":null,"owner":null,"tags":[]}');
    expect(() => write({ ...ok, id: '7' })).toThrow();
    expect(() => write({ ...ok, id: 7.5 })).toThrow();
    expect(() => write({ ...ok, stat: 'X' })).toThrow();
  });
});
