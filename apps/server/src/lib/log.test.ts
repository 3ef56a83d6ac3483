import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/helpers.ts';

// What reaches the logs: request lines without link tokens, failed queries without their parameters.
let ctx: TestContext;
const lines: string[] = [];
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  ctx = await createTestApp({
    logger: { level: 'info', stream },
    extraModules: [
      async (api) => {
        api.get('/probe/failing-query', { config: { access: 'public' } }, async () => {
          await api.db.execute(sql`SELECT * FROM tabela_que_nao_existe WHERE senha = ${'hash-secreto-xyz'}`);
          return { ok: true };
        });
      },
    ],
  });
});
afterAll(() => ctx.close());

describe('logs', () => {
  it('401 without a token (nothing to log in with here either)', async () => {
    expect((await ctx.app.inject({ url: '/api/me' })).statusCode).toBe(401);
  });

  it('request URLs keep no signing or PDF token', async () => {
    await ctx.app.inject({ url: '/api/public/invoices/1?token=SEGREDO-DO-LINK-123' });
    await ctx.app.inject({ url: '/api/pdfs/invoices/1?token=eyJ.SEGREDO.PDF' });
    const all = lines.join('');
    expect(all).toContain('/api/public/invoices/1?token=[redacted]');
    expect(all).not.toContain('SEGREDO');
  });

  it('searches keep no person in the access log: the search text is left out, a CPF or CNPJ anywhere in the query masked', async () => {
    const lists = [
      '/api/organizations/1/customers?q=529.982.247-25&take=10',
      '/api/organizations/1/customers?take=10&q=Joana%20Silva',
      '/api/organizations/1/invoices/filter?customer=52998224725&skip=0',
      '/api/organizations/1/invoices/filter?q=11.222.333%2F0001-81',
    ];
    for (const url of lists) await ctx.app.inject({ url });
    const all = lines.join('');
    expect(all).toContain('/api/organizations/1/customers?q=[redacted]&take=10');
    expect(all).toContain('/api/organizations/1/customers?take=10&q=[redacted]');
    expect(all).toContain('/api/organizations/1/invoices/filter?customer=[redacted]&skip=0');
    for (const personal of ['529.982.247-25', '52998224725', 'Joana', '11.222.333', '0001-81'])
      expect(all).not.toContain(personal);
  });

  it('a failed query is logged with its SQL, never with its parameters', async () => {
    const res = await ctx.app.inject({ url: '/api/probe/failing-query' });
    expect(res.statusCode).toBe(500);
    const all = lines.join('');
    expect(all).toContain('tabela_que_nao_existe');
    expect(all).not.toContain('hash-secreto-xyz');
  });
});
