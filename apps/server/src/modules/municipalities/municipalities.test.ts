import { describe, expect, it } from 'vitest';
import { addressMessages } from '@ordem-certa/contracts';
import { perFile } from '../../../test/helpers.ts';

// The test app's lookup services point at a closed port: the list answers from the bundled table alone.
const t = perFile();
const list = (query = '', token: string | null = t.org.admin.token) =>
  t.ctx.app.inject({ url: `/api/municipalities${query}`, headers: token ? t.org.as(token) : {} });

describe('GET /api/municipalities', () => {
  it('401 without a token; any signed-in user may read it', async () => {
    expect((await list('', null)).statusCode).toBe(401);
    expect((await list('', t.org.worker.token)).statusCode).toBe(200);
  });

  it("IBGE's whole list: 5,571 municipalities (Boa Esperança do Norte/MT, installed in 2025, included); per UF", async () => {
    const all = await list();
    expect(all.json().meta).toEqual({ total: 5571, skip: 0, take: 25 });
    const counts: Record<string, number> = { SP: 645, MG: 853, RS: 497, BA: 417, MT: 142, RR: 15, DF: 1 };
    for (const [uf, n] of Object.entries(counts)) {
      const res = await list(`?state=${uf.toLowerCase()}&take=1`);
      expect(res.json().meta.total, uf).toBe(n);
      expect(res.json().data[0].state, uf).toBe(uf);
    }
    const [brasilia] = (await list('?state=DF')).json().data;
    expect(brasilia).toEqual({ ibgeCode: '5300108', name: 'Brasília', state: 'DF' });
  });

  it("searches without regard to accents or case: 'sao paulo' finds São Paulo first", async () => {
    for (const q of ['sao paulo', 'SÃO PAULO', 'São Paulo']) {
      const res = (await list(`?q=${encodeURIComponent(q)}`)).json();
      expect(res.data[0], q).toEqual({ ibgeCode: '3550308', name: 'São Paulo', state: 'SP' });
      // São Paulo das Missões (RS), de Olivença (AM), do Potengi (RN)…
      expect(
        res.data.every((m: { name: string }) => /são paulo/i.test(m.name)),
        q,
      ).toBe(true);
      expect(res.meta.total, q).toBeGreaterThan(1);
    }
    const ibiuna = (await list('?q=ibiuna')).json();
    expect(ibiuna.data).toEqual([{ ibgeCode: '3519709', name: 'Ibiúna', state: 'SP' }]);
    expect(ibiuna.meta.total).toBe(1);
  });

  it('the name that is the term comes first, then those that start with it, then the rest', async () => {
    const names = (await list('?q=santos&take=100')).json().data.map((m: { name: string }) => m.name);
    expect(names[0]).toBe('Santos');
    const starts = names.findLastIndex((n: string) => n.toLowerCase().startsWith('santos'));
    const contains = names.findIndex((n: string) => !n.toLowerCase().startsWith('santos'));
    expect(contains).toBeGreaterThan(starts);
  });

  it('q and state together; an unknown UF is a 422 on state', async () => {
    const res = (await list('?q=campinas&state=SP')).json();
    expect(res.data.map((m: { name: string }) => m.name)).toEqual(['Campinas']);
    const bad = await list('?state=XX');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ errors: { state: [addressMessages.state] } });
  });

  it('pages: skip and take with the total; take past 100 is refused', async () => {
    const first = (await list('?state=SP&take=10')).json();
    expect(first.data).toHaveLength(10);
    expect(first.meta).toEqual({ total: 645, skip: 0, take: 10 });
    const second = (await list('?state=SP&take=10&skip=10')).json();
    expect(second.meta.total).toBe(645);
    expect(second.data.map((m: { ibgeCode: string }) => m.ibgeCode)).not.toContain(first.data[0].ibgeCode);
    const last = (await list('?skip=5570&take=10')).json();
    expect(last.data).toHaveLength(1);
    expect(last.meta.total).toBe(5571);
    expect((await list('?take=101')).statusCode).toBe(422);
  });
});
