import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledSerializerCompiler } from './serialization.ts';

const writer = (schema: z.ZodType) =>
  compiledSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never);

describe('compiledSerializerCompiler', () => {
  const row = z.object({
    id: z.number().int(),
    name: z.string(),
    alias: z.string().nullable(),
    tags: z.array(z.object({ tagId: z.number().int(), color: z.string() })),
  });

  it("writes only the schema's properties, at every depth (a column added to a query never leaks)", () => {
    const write = writer(z.object({ data: z.array(row), total: z.number().int() }));
    const out = write({
      data: [{ id: 1, name: 'Ana', alias: null, passwordHash: 'x', tags: [{ tagId: 2, color: 'f00', secret: 1 }] }],
      total: 1,
      debug: 'internal',
    });
    expect(JSON.parse(out)).toEqual({
      data: [{ id: 1, name: 'Ana', alias: null, tags: [{ tagId: 2, color: 'f00' }] }],
      total: 1,
    });
  });

  it('writes a nullable value as itself or null, and escapes strings', () => {
    const write = writer(row);
    expect(JSON.parse(write({ id: 1, name: 'Sá "x" \n', alias: 'Loja', tags: [] }))).toEqual({
      id: 1,
      name: 'Sá "x" \n',
      alias: 'Loja',
      tags: [],
    });
    expect(JSON.parse(write({ id: 1, name: 'a', alias: null, tags: [] })).alias).toBeNull();
  });

  it('refuses an answer that lacks a required property (a 500, as the zod check did)', () => {
    expect(() => writer(row)({ id: 1, alias: null, tags: [] })).toThrow();
  });

  it('keeps the zod serializer for a schema JSON Schema cannot express', () => {
    const write = writer(z.object({ when: z.date() }));
    expect(JSON.parse(write({ when: new Date('2026-11-28T12:00:00Z'), extra: 1 }))).toEqual({
      when: '2026-11-28T12:00:00.000Z',
    });
  });
});
