import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { completeCnpj, lookupMessages, ROLE_USER } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { addUser, perFile } from '../../../test/helpers.ts';
import { startLookupStandIn, type LookupStandIn, type StandInCnpj } from '@ordem-certa/test-support/lookup-stand-in';
import { OKBR_ADDRESS, OKBR_CNPJ, PAULISTA_ADDRESS, PAULISTA_CEP } from '@ordem-certa/test-support/lookup-samples';

// A town's single CEP: no street, no neighbourhood.
const IBIUNA = { cep: '18150000', street: '', neighborhood: '', city: 'Ibiúna', uf: 'SP', ibge: '3519709' };
// A code the list does not have for that UF: the city is matched by its name instead.
const WRONG_CODE = {
  cep: '30130010',
  street: 'Praça Sete de Setembro',
  neighborhood: 'Centro',
  city: 'Belo Horizonte',
  uf: 'MG',
  ibge: '3550308',
};
const EXTRA_CEPS = ['20040002', '80010000', '40020000', '70040010', '69005040', '66010000', '90010000'].map((cep) => ({
  cep,
  street: 'Rua da Reserva',
  neighborhood: 'Centro',
  city: 'Ibiúna',
  uf: 'SP',
  ibge: '3519709',
}));

const OKBR = OKBR_CNPJ.cnpj;
const OKBR_ANSWER: StandInCnpj = {
  ...OKBR_CNPJ,
  email: 'Contato@OKBR.org.br',
  ddd_telefone_2: '',
  // BrasilAPI documents the CEP as a number: the leading zero is gone.
  cep: 1311902,
  codigo_municipio: 7107,
  descricao_situacao_cadastral: 'ATIVA',
  qsa: [],
};
const NO_NUMBER = completeCnpj('112223330001');
const NO_NUMBER_ANSWER: StandInCnpj = {
  cnpj: NO_NUMBER,
  razao_social: 'SITIO BOA VISTA LTDA',
  nome_fantasia: '',
  email: 'nao-e-um-email',
  ddd_telefone_1: '',
  descricao_tipo_de_logradouro: 'ESTRADA',
  logradouro: 'ESTRADA DO CAPIVARI',
  numero: 'S/N',
  complemento: '',
  bairro: 'ZONA RURAL',
  municipio: 'IBIUNA',
  uf: 'SP',
  cep: '18150000',
  codigo_municipio_ibge: null,
};
const LETTER_NUMBER = completeCnpj('445556660001');
const LETTER_NUMBER_ANSWER: StandInCnpj = {
  cnpj: LETTER_NUMBER,
  razao_social: 'Oficina do Bairro ME',
  nome_fantasia: 'Oficina do Bairro',
  email: null,
  ddd_telefone_1: '11987654321',
  descricao_tipo_de_logradouro: 'RUA',
  logradouro: 'DAS FLORES',
  numero: '120A',
  complemento: 'FUNDOS',
  bairro: 'CENTRO',
  municipio: 'CAMPINAS',
  uf: 'SP',
  cep: '13010000',
  codigo_municipio_ibge: '3509502',
};
const NO_ADDRESS = completeCnpj('778889990001');

let standIn: LookupStandIn;
const lookupUrls: { cepApiUrl?: string; cepFallbackUrl?: string; cnpjApiUrl?: string } = {};
beforeAll(async () => {
  standIn = await startLookupStandIn({
    ceps: [PAULISTA_CEP, IBIUNA, WRONG_CODE, ...EXTRA_CEPS],
    cnpjs: [
      OKBR_ANSWER,
      NO_NUMBER_ANSWER,
      LETTER_NUMBER_ANSWER,
      { cnpj: NO_ADDRESS, razao_social: 'SEM ENDERECO SA', logradouro: '' },
    ],
  });
  // Read by perFile's app, made after this.
  Object.assign(lookupUrls, {
    cepApiUrl: standIn.viaCepUrl,
    cepFallbackUrl: standIn.cepFallbackUrl,
    cnpjApiUrl: standIn.cnpjUrl,
  });
});
afterAll(() => standIn?.close());
const t = perFile({ app: { config: lookupUrls } });

beforeEach(() => {
  standIn.modes.viacep = 'up';
  standIn.modes.brasilapiCep = 'up';
  standIn.modes.brasilapiCnpj = 'up';
});

const get = (url: string, token: string | null = t.org.admin.token) =>
  t.ctx.app.inject({ url, headers: token ? t.org.as(token) : {} });
/** The time a call takes, and its answer. */
async function timed(url: string) {
  const started = performance.now();
  const res = await get(url);
  return { res, ms: performance.now() - started };
}

describe('CEP and CNPJ lookups: access', () => {
  it('401 without a token (and nothing is asked outside)', async () => {
    const before = standIn.hits.length;
    for (const url of [`/api/cep/${PAULISTA_CEP.cep}`, `/api/cnpj/${OKBR}`])
      expect((await get(url, null)).statusCode).toBe(401);
    expect(standIn.hits.length).toBe(before);
  });

  it('any signed-in user may look up: a collaborator too', async () => {
    expect((await get(`/api/cep/${IBIUNA.cep}`, t.org.worker.token)).statusCode).toBe(200);
  });
});

describe('CEP and CNPJ lookups: a limit per user', () => {
  it('60 lookups a minute per user; the 61st is a 429 with the pt-BR message, other users go on', async () => {
    const { token: worker } = await addUser(t.ctx, t.org.organization.id, {
      name: 'Técnica Apressada',
      email: `apressada-${Date.now()}@teste.com.br`,
      role: ROLE_USER,
    });
    for (let n = 0; n < 60; n++)
      expect((await get(`/api/cep/${IBIUNA.cep}`, worker)).statusCode, `#${n + 1}`).toBe(200);
    const refused = await get(`/api/cep/${IBIUNA.cep}`, worker);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ errors: [lookupMessages.tooFast] });
    expect((await get(`/api/cep/${IBIUNA.cep}`)).statusCode).toBe(200);
  });
});

describe('GET /api/cep/{cep}', () => {
  it('found: the address with the IBGE code, asked once; the second call is answered from the kept answer', async () => {
    const viacep = standIn.hitsOf('viacep');
    const fallback = standIn.hitsOf('brasilapiCep');
    const res = await get('/api/cep/01310-100');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(PAULISTA_ADDRESS);
    expect(standIn.hitsOf('viacep')).toBe(viacep + 1);
    expect(standIn.hitsOf('brasilapiCep')).toBe(fallback);
    const [kept] = await t.ctx.database.db
      .select()
      .from(schema.cepLookups)
      .where(eq(schema.cepLookups.postalCode, '01310100'));
    expect(kept).toMatchObject({ source: 'primary', data: res.json() });

    // Kept: neither service is asked again, even while both are down.
    standIn.modes.viacep = 'down';
    standIn.modes.brasilapiCep = 'down';
    const again = await get('/api/cep/01310100');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
    expect(standIn.hitsOf('viacep')).toBe(viacep + 1);
    expect(standIn.hitsOf('brasilapiCep')).toBe(fallback);
  });

  it("a town's single CEP: no street or neighbourhood", async () => {
    const res = await get(`/api/cep/${IBIUNA.cep}`);
    expect(res.json()).toEqual({
      postalCode: IBIUNA.cep,
      address: null,
      neighborhood: null,
      city: 'Ibiúna',
      state: 'SP',
      ibgeCode: '3519709',
    });
  });

  it("a code the IBGE list does not have for the CEP's UF: the city is matched by its name", async () => {
    const res = await get(`/api/cep/${WRONG_CODE.cep}`);
    expect(res.json()).toMatchObject({ city: 'Belo Horizonte', state: 'MG', ibgeCode: '3106200' });
  });

  it('not found: 404 CEP não encontrado (after both services said so), and not kept', async () => {
    const viacep = standIn.hitsOf('viacep');
    const fallback = standIn.hitsOf('brasilapiCep');
    const res = await get('/api/cep/99999-999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: [lookupMessages.cepNotFound] });
    expect(standIn.hitsOf('viacep')).toBe(viacep + 1);
    expect(standIn.hitsOf('brasilapiCep')).toBe(fallback + 1);
    expect((await get('/api/cep/99999999')).statusCode).toBe(404);
    expect(standIn.hitsOf('viacep')).toBe(viacep + 2);
    const kept = await t.ctx.database.db.$count(schema.cepLookups, eq(schema.cepLookups.postalCode, '99999999'));
    expect(kept).toBe(0);
  });

  it('malformed: 422 on cep with the pt-BR message, nothing asked outside', async () => {
    const before = standIn.hits.length;
    for (const cep of ['123', '0131010', '01310-1000', 'abcdefgh', '01310_100']) {
      const res = await get(`/api/cep/${encodeURIComponent(cep)}`);
      expect(res.statusCode, cep).toBe(422);
      expect(res.json()).toEqual({ errors: { cep: [lookupMessages.cepInvalid] } });
    }
    expect(standIn.hits.length).toBe(before);
  });

  it('the first service down (503, garbage or hanging): the fallback answers, the city matched by name', async () => {
    for (const [mode, cep] of [
      ['down', '20040002'],
      ['garbage', '80010000'],
      ['hang', '40020000'],
    ] as const) {
      standIn.modes.viacep = mode;
      const fallback = standIn.hitsOf('brasilapiCep');
      const { res, ms } = await timed(`/api/cep/${cep}`);
      expect(res.statusCode, `${mode}: ${res.body}`).toBe(200);
      expect(res.json()).toEqual({
        postalCode: cep,
        address: 'Rua da Reserva',
        neighborhood: 'Centro',
        city: 'Ibiúna',
        state: 'SP',
        ibgeCode: '3519709',
      });
      expect(standIn.hitsOf('brasilapiCep')).toBe(fallback + 1);
      expect(ms).toBeLessThan(5_000);
      const [kept] = await t.ctx.database.db
        .select({ source: schema.cepLookups.source })
        .from(schema.cepLookups)
        .where(eq(schema.cepLookups.postalCode, cep));
      expect(kept?.source).toBe('fallback');
    }
  });

  it('both services down: 503 with the pt-BR message at once', async () => {
    standIn.modes.viacep = 'down';
    standIn.modes.brasilapiCep = 'down';
    const { res, ms } = await timed('/api/cep/70040010');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ errors: [lookupMessages.cepUnavailable] });
    expect(ms).toBeLessThan(2_000);
  });

  it('both services hang: 503 within 5 s', async () => {
    standIn.modes.viacep = 'hang';
    standIn.modes.brasilapiCep = 'hang';
    const { res, ms } = await timed('/api/cep/69005040');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ errors: [lookupMessages.cepUnavailable] });
    // It did wait for them (the budget), but answered before 5 s.
    expect(ms).toBeGreaterThan(4_000);
    expect(ms).toBeLessThan(5_000);
    // Once they are back, the same CEP is found: a failure is not kept.
    standIn.modes.viacep = 'up';
    standIn.modes.brasilapiCep = 'up';
    expect((await get('/api/cep/69005040')).statusCode).toBe(200);
  });

  it('the first service says unknown and the fallback is down: 404 (one service did answer)', async () => {
    standIn.modes.brasilapiCep = 'down';
    expect((await get('/api/cep/11111111')).statusCode).toBe(404);
  });
});

describe('GET /api/cnpj/{cnpj}', () => {
  it('found: razão social, nome fantasia, e-mail, phone and the address with CEP and IBGE code; kept', async () => {
    // The form sends the CNPJ as stored: its 14 characters (a '/' cannot travel in a path segment).
    const res = await get(`/api/cnpj/${OKBR}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      cnpj: OKBR,
      name: 'OPEN KNOWLEDGE BRASIL',
      alias: 'REDE PELO CONHECIMENTO LIVRE',
      email: 'contato@okbr.org.br',
      phone: '(11) 2385-1939',
      // The number the record repeats after the street's name is said once; the city as IBGE's list
      // names it, found by the code.
      address: OKBR_ADDRESS,
    });
    expect(standIn.hitsOf('brasilapiCnpj')).toBe(1);
    standIn.modes.brasilapiCnpj = 'down';
    const again = await get(`/api/cnpj/${OKBR}`);
    expect(again.json()).toEqual(res.json());
    expect(standIn.hitsOf('brasilapiCnpj')).toBe(1);
  });

  it('no number (S/N), an invalid e-mail and no phone are left empty; the city found by its name', async () => {
    const res = await get(`/api/cnpj/${NO_NUMBER}`);
    expect(res.json()).toEqual({
      cnpj: NO_NUMBER,
      name: 'SITIO BOA VISTA LTDA',
      alias: null,
      email: null,
      phone: null,
      address: {
        address: 'ESTRADA DO CAPIVARI',
        number: null,
        complement: null,
        neighborhood: 'ZONA RURAL',
        city: 'Ibiúna',
        state: 'SP',
        postalCode: '18150000',
        ibgeCode: '3519709',
      },
    });
  });

  it('a number with a letter goes to the complement; a mobile is kept; no street, no address', async () => {
    expect((await get(`/api/cnpj/${LETTER_NUMBER}`)).json()).toMatchObject({
      phone: '(11) 98765-4321',
      address: {
        address: 'RUA DAS FLORES',
        number: null,
        complement: '120A FUNDOS',
        city: 'Campinas',
        ibgeCode: '3509502',
      },
    });
    expect((await get(`/api/cnpj/${NO_ADDRESS}`)).json()).toMatchObject({ name: 'SEM ENDERECO SA', address: null });
  });

  it('not found: 404 CNPJ não encontrado', async () => {
    const res = await get(`/api/cnpj/${completeCnpj('123123120001')}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: [lookupMessages.cnpjNotFound] });
  });

  it('wrong check digits or not a CNPJ: 422 on cnpj, nothing asked outside', async () => {
    const before = standIn.hits.length;
    for (const cnpj of ['19131243000198', '1913124300019', '11111111111111', 'abc']) {
      const res = await get(`/api/cnpj/${cnpj}`);
      expect(res.statusCode, cnpj).toBe(422);
      expect(res.json()).toEqual({ errors: { cnpj: [lookupMessages.cnpjInvalid] } });
    }
    expect(standIn.hits.length).toBe(before);
  });

  it('the service down: 503 at once; hanging: 503 within 5 s', async () => {
    standIn.modes.brasilapiCnpj = 'down';
    const down = await timed(`/api/cnpj/${completeCnpj('555666770001')}`);
    expect(down.res.statusCode).toBe(503);
    expect(down.res.json()).toEqual({ errors: [lookupMessages.cnpjUnavailable] });
    expect(down.ms).toBeLessThan(2_000);
    standIn.modes.brasilapiCnpj = 'hang';
    const hung = await timed(`/api/cnpj/${completeCnpj('555666770001')}`);
    expect(hung.res.statusCode).toBe(503);
    expect(hung.ms).toBeGreaterThan(4_000);
    expect(hung.ms).toBeLessThan(5_000);
  });

  it('a kept answer older than 30 days is asked again, and still answers while the service is down', async () => {
    await t.ctx.database.db
      .update(schema.cnpjLookups)
      .set({ fetchedAt: sql`now() - interval '40 days'` })
      .where(eq(schema.cnpjLookups.cnpj, OKBR));
    standIn.modes.brasilapiCnpj = 'down';
    const before = standIn.hitsOf('brasilapiCnpj');
    const stale = await get(`/api/cnpj/${OKBR}`);
    expect(stale.statusCode).toBe(200);
    expect(stale.json().name).toBe('OPEN KNOWLEDGE BRASIL');
    expect(standIn.hitsOf('brasilapiCnpj')).toBe(before + 1);
    standIn.modes.brasilapiCnpj = 'up';
    expect((await get(`/api/cnpj/${OKBR}`)).statusCode).toBe(200);
    expect(standIn.hitsOf('brasilapiCnpj')).toBe(before + 2);
    // Renewed: the next one is answered from the table.
    await get(`/api/cnpj/${OKBR}`);
    expect(standIn.hitsOf('brasilapiCnpj')).toBe(before + 2);
  });
});
