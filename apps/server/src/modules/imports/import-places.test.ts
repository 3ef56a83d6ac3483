import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { importMessages, type ImportResult } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { validateXml } from '@ordem-certa/nfse-xml';
import { cpfOf, importForm, toCsv, type Cell } from '@ordem-certa/test-support/import-fixtures';
import { startLookupStandIn, type LookupStandIn } from '@ordem-certa/test-support/lookup-stand-in';
import { PAULISTA_CEP } from '@ordem-certa/test-support/lookup-samples';
import type { SefinStandIn } from '@ordem-certa/test-support/sefin-stand-in';
import type { TestContext, TestOrg } from '../../../test/helpers.ts';
import type { InvoiceWorld } from '../../../test/invoice-fixtures.ts';
import { normalRegime, type nfseCompany, startNfseWorld } from '../../../test/nfse-fixtures.ts';

// An imported address gets its municipality's IBGE code from its CEP (through the CEP services the
// address form uses, their kept answers first), held against the city and UF the row typed; a CEP of
// another place refuses the row, saying where the CEP is. Without a CEP the services answer for, the
// city and UF name it. The NFS-e of an imported customer then carries the customer's address.

const HEADER: Cell[] = ['Nome', 'CPF/CNPJ', 'Logradouro', 'Número', 'Bairro', 'Cidade', 'UF', 'CEP'];
const SEED = 431;
/** A town's single CEP (the services know it). */
const IBIUNA = { cep: '18150000', street: '', neighborhood: '', city: 'Ibiúna', uf: 'SP', ibge: '3519709' };

let lookups: LookupStandIn;
let standIn: SefinStandIn;
let ctx: TestContext;
let org: TestOrg;
let world: InvoiceWorld;
let n: Awaited<ReturnType<typeof nfseCompany>>;
let rowSeed = 0;

beforeAll(async () => {
  lookups = await startLookupStandIn({ ceps: [PAULISTA_CEP, IBIUNA] });
  ({ standIn, ctx, org, world, n } = await startNfseWorld(normalRegime, {
    cepApiUrl: lookups.viaCepUrl,
    cepFallbackUrl: lookups.cepFallbackUrl,
  }));
});
afterAll(async () => {
  await ctx?.close();
  await standIn?.close();
  await lookups?.close();
});
beforeEach(() => {
  lookups.modes.viacep = 'up';
  lookups.modes.brasilapiCep = 'up';
});

/** A sheet of customers, each row [name, street, city, UF, CEP], every CPF new. */
function sheet(rows: Array<[string, string, string, string, string]>) {
  const seed = rowSeed++;
  const cpfs = rows.map((_, i) => cpfOf(SEED + seed, i));
  const data = rows.map(([name, street, city, uf, cep], i) => [name, cpfs[i]!, street, '100', 'Centro', city, uf, cep]);
  return { file: Buffer.from(toCsv([HEADER, ...data])), cpfs };
}

async function imported(file: Buffer, fields: Record<string, string> = {}) {
  const form = importForm(file, 'clientes.csv', fields);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/organizations/${org.organization.id}/import/customers`,
    headers: { ...form.headers, ...org.as(org.admin.token) },
    payload: form.payload,
  });
  expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
  return res.json() as ImportResult;
}

async function addressOf(identifier: string) {
  const c = schema.customers;
  const a = schema.addresses;
  const [row] = await ctx.database.db
    .select({ customerId: c.id, city: a.city, state: a.state, ibgeCode: a.ibgeCode, postalCode: a.postalCode })
    .from(c)
    .leftJoin(a, and(eq(a.customerId, c.id), eq(a.organizationId, c.organizationId)))
    .where(and(eq(c.organizationId, org.organization.id), eq(c.identifier, identifier)));
  return row;
}

describe('imported addresses get their IBGE code', () => {
  it("from the CEP when it is the row's city and UF; a row with only the CEP gets the city and UF too", async () => {
    const { file, cpfs } = sheet([
      ['Ana Paulista', 'Avenida Paulista', 'sao paulo', 'SP', '01310-100'],
      ['Beto Sem Cidade', 'Avenida Paulista', '', '', '01310100'],
    ]);
    const result = await imported(file);
    expect(result).toMatchObject({ imported: 2, invalid: 0, errors: [] });
    expect(await addressOf(cpfs[0]!)).toMatchObject({ city: 'São Paulo', state: 'SP', ibgeCode: '3550308' });
    expect(await addressOf(cpfs[1]!)).toMatchObject({ city: 'São Paulo', state: 'SP', ibgeCode: '3550308' });
  });

  it('a CEP of another city or UF refuses the row, saying where the CEP is (the dry run says it too)', async () => {
    const { file, cpfs } = sheet([
      ['Carla Campinas', 'Rua Barão de Jaguara', 'Campinas', 'SP', '01310100'],
      ['Davi Carioca', 'Avenida Paulista', 'São Paulo', 'RJ', '01310100'],
      ['Eva Certa', 'Estrada do Capivari', 'Ibiúna', 'SP', '18150-000'],
    ]);
    const message = importMessages.cepOtherPlace('01310-100', 'São Paulo', 'SP');
    const dry = await imported(file, { dryRun: 'true' });
    expect(dry).toMatchObject({ ready: 1, invalid: 2 });
    expect(dry.errors).toEqual([
      { row: 2, field: 'postalCode', message },
      { row: 3, field: 'postalCode', message },
    ]);
    const result = await imported(file);
    expect(result).toMatchObject({ imported: 1, invalid: 2 });
    expect(result.errors.map((e) => e.row)).toEqual([2, 3]);
    expect(await addressOf(cpfs[0]!)).toBeUndefined();
    expect(await addressOf(cpfs[1]!)).toBeUndefined();
    expect(await addressOf(cpfs[2]!)).toMatchObject({ city: 'Ibiúna', ibgeCode: '3519709' });
  });

  it('a CEP the services do not know, or services that are down, leave it to the city and UF; the services are asked a bounded number of times', async () => {
    const unknown = sheet([['Fábio Novo', 'Rua Nova', 'ibiuna', 'SP', '18150999']]);
    expect(await imported(unknown.file)).toMatchObject({ imported: 1, invalid: 0 });
    expect(await addressOf(unknown.cpfs[0]!)).toMatchObject({ city: 'Ibiúna', ibgeCode: '3519709' });

    lookups.modes.viacep = 'down';
    lookups.modes.brasilapiCep = 'down';
    const before = lookups.hits.length;
    const ceps = Array.from({ length: 20 }, (_, i) => `0400${String(i).padStart(4, '0')}`);
    const down = sheet(ceps.map((cep, i) => [`Gil Fora ${i}`, 'Rua Um', 'São Paulo', 'SP', cep]));
    expect(await imported(down.file)).toMatchObject({ imported: 20, invalid: 0 });
    for (const cpf of down.cpfs) expect(await addressOf(cpf)).toMatchObject({ ibgeCode: '3550308' });
    // Each CEP asked costs both services (40 requests for all 20); the import stops asking after three
    // fail in a row, with at most four asked at once: six CEPs at most.
    expect(lookups.hits.length - before).toBeLessThanOrEqual(12);
  });

  it('a CEP looked up before is answered from the kept answers: the services are not asked again', async () => {
    const before = lookups.hits.length;
    const again = sheet([['Helena Paulista', 'Avenida Paulista', 'São Paulo', 'SP', '01310100']]);
    expect(await imported(again.file)).toMatchObject({ imported: 1 });
    expect(lookups.hits.length).toBe(before);
    expect(await addressOf(again.cpfs[0]!)).toMatchObject({ ibgeCode: '3550308' });
  });
});

describe('the NFS-e of an imported customer', () => {
  it("carries the customer's address (IBGE code and CEP), valid against the layout", async () => {
    const { file, cpfs } = sheet([['Iara Importada', 'Avenida Paulista', 'São Paulo', 'SP', '01310100']]);
    expect(await imported(file)).toMatchObject({ imported: 1 });
    const { customerId } = (await addressOf(cpfs[0]!))!;
    const order = await world.createInvoice(customerId);
    const line = await world.admin('POST', `/${order.id}/services`, { service: world.service.id, quantity: 1 });
    expect(line.statusCode, line.body).toBe(201);
    await world.moveTo(order.id, 20);
    await n.issued(order.id);
    const xml = (await n.nfseCall('GET', order.id, '/dps.xml')).body;
    expect(await validateXml(xml, 'DPS')).toEqual([]);
    const taker = /<toma>.*<\/toma>/s.exec(xml)![0];
    expect(taker).toContain(`<CPF>${cpfs[0]}</CPF>`);
    expect(taker).toContain('<end><endNac><cMun>3550308</cMun><CEP>01310100</CEP></endNac>');
    expect(taker).toContain('<xLgr>Avenida Paulista</xLgr>');
  });
});
