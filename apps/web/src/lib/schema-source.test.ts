import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractResolver, lazySchema, loadSchema } from './schema-source.ts';

const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('form schemas given as loaders', () => {
  it('checks with a loaded schema: its output when valid, its messages under the fields when not', async () => {
    const resolver = contractResolver(lazySchema('addCommentBody'));
    const ok = await resolver({ comment: ' Trocado o capacitor ', type: 1 }, undefined, options);
    expect(ok.errors).toEqual({});
    expect(ok.values).toMatchObject({ comment: 'Trocado o capacitor', type: 1 });
    const bad = await resolver({ comment: '', type: 1 }, undefined, options);
    expect(bad.errors.comment?.message).toBe('Informe o comentário');
  });

  it('loads again on the next check when a load fails (no network), instead of failing for good', async () => {
    const schema = z.object({ name: z.string().min(1, 'Informe o nome') });
    let calls = 0;
    const resolver = contractResolver(async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return schema;
    });
    await expect(resolver({ name: '' }, undefined, options)).rejects.toThrow('Failed to fetch');
    const second = await resolver({ name: '' }, undefined, options);
    expect(second.errors.name?.message).toBe('Informe o nome');
    await resolver({ name: 'Ana' }, undefined, options);
    expect(calls).toBe(2);
  });

  it('takes a schema as it is too', async () => {
    const schema = z.string();
    expect(await loadSchema(schema)).toBe(schema);
    expect(await loadSchema(async () => schema)).toBe(schema);
  });
});
