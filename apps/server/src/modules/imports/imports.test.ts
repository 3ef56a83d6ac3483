import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { formatCpf, PersonType, type ImportResult } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { createOrg, perFile, type TestOrg } from '../../../test/helpers.ts';
import { newCpf, PNG_1x1 } from '../../../test/factories.ts';
import {
  customerSheet,
  cpfOf,
  customerSheetErrors,
  importForm,
  toCsv,
  toXlsx,
  windows1252,
  ZERO_CPF,
  type Cell,
} from '@ordem-certa/test-support/import-fixtures';

const t = perFile({ other: true });

type Kind = 'customers' | 'products' | 'services';
const url = (o: TestOrg, kind: string) => `/api/organizations/${o.organization.id}/import/${kind}`;

async function send(
  o: TestOrg,
  kind: Kind | string,
  file: Buffer,
  opts: { name?: string; fields?: Record<string, string>; token?: string | null } = {},
) {
  const form = importForm(file, opts.name ?? 'planilha.csv', opts.fields);
  const token = opts.token === undefined ? o.admin.token : opts.token;
  return t.ctx.app.inject({
    method: 'POST',
    url: url(o, kind),
    headers: { ...form.headers, ...(token ? o.as(token) : {}) },
    payload: form.payload,
  });
}

/** An import expected to answer 200, and its result. */
async function imported(o: TestOrg, kind: Kind, file: Buffer, fields: Record<string, string> = {}, name?: string) {
  const res = await send(o, kind, file, { fields, name });
  expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
  return res.json() as ImportResult;
}

const csv = (rows: Cell[][], separator = ';') => Buffer.from(toCsv(rows, separator));
const countOf = async (o: TestOrg) => {
  const db = t.ctx.database.db;
  const org = o.organization.id;
  return {
    customers: await db.$count(schema.customers, eq(schema.customers.organizationId, org)),
    addresses: await db.$count(schema.addresses, eq(schema.addresses.organizationId, org)),
    equipments: await db.$count(schema.equipments, eq(schema.equipments.organizationId, org)),
    products: await db.$count(schema.products, eq(schema.products.organizationId, org)),
    services: await db.$count(schema.services, eq(schema.services.organizationId, org)),
  };
};
const customerBy = async (o: TestOrg, identifier: string) => {
  const c = schema.customers;
  const [row] = await t.ctx.database.db
    .select()
    .from(c)
    .where(and(eq(c.organizationId, o.organization.id), eq(c.identifier, identifier)));
  return row!;
};

describe('access', () => {
  const file = csv(customerSheet(104));
  it('401 without a token', async () => {
    expect((await send(t.org, 'customers', file, { token: null })).statusCode).toBe(401);
  });
  it('403 for a collaborator, who imports nothing', async () => {
    const res = await send(t.org, 'customers', file, { token: t.org.worker.token });
    expect(res.statusCode).toBe(403);
    expect((await countOf(t.org)).customers).toBe(0);
  });
  it("403 with another organization's id in the path; 404 for a kind there is no import of", async () => {
    const theirs = await t.ctx.app.inject({
      method: 'POST',
      url: url(t.other, 'customers'),
      headers: { ...importForm(file, 'a.csv').headers, ...t.org.as(t.org.admin.token) },
      payload: importForm(file, 'a.csv').payload,
    });
    expect(theirs.statusCode).toBe(403);
    expect((await countOf(t.other)).customers).toBe(0);
    expect((await send(t.org, 'invoices', file)).statusCode).toBe(404);
  });
});

describe('20,000 customers from a Windows-1252 CSV', () => {
  it('imports 19,997 with their address and equipment, reports the 3 bad rows, and adds nothing the second time', async () => {
    const o = await createOrg(t.ctx);
    const file = windows1252(toCsv(customerSheet(20_000, { seed: 1, bad: true })));
    // Windows-1252 for real: 'ç' is one byte, and the en dash is 0x96, which Latin-1 does not have.
    expect(file.includes(Buffer.from([0x96]))).toBe(true);

    const first = await imported(o, 'customers', file);
    expect(first).toMatchObject({
      dryRun: false,
      totalRows: 20_000,
      ready: 19_997,
      imported: 19_997,
      existing: 0,
      invalid: 3,
      skipped: 3,
      missingFields: [],
    });
    expect(first.errors).toEqual(customerSheetErrors(20_000));
    expect(await countOf(o)).toMatchObject({ customers: 19_997, addresses: 19_997, equipments: 19_997 });

    // The CPF that lost its leading zero, the phone from the mobile column, the accents decoded.
    const zero = await customerBy(o, ZERO_CPF);
    expect(zero).toMatchObject({
      type: PersonType.Natural,
      name: 'Cliente 2 João da Conceição',
      email: 'cliente2@exemplo.com.br',
      phone: '(11) 3456-7890',
      phoneE164: '+551134567890',
    });
    const [address] = await t.ctx.database.db
      .select()
      .from(schema.addresses)
      .where(eq(schema.addresses.customerId, zero.id));
    expect(address).toMatchObject({
      address: 'Avenida Paulista',
      number: 2,
      complement: 'Sala 3 – Bloco B',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      postalCode: '01310100',
    });
    const [equipment] = await t.ctx.database.db
      .select()
      .from(schema.equipments)
      .where(eq(schema.equipments.customerId, zero.id));
    expect(equipment).toMatchObject({
      name: 'Split 12.000 BTUs',
      brand: 'LG',
      model: 'S4-W12',
      serialNumber: 'SN-1-2',
    });
    const list = await t.ctx.app.inject({
      url: `/api/organizations/${o.organization.id}/customers?q=${cpfOf(1, 0)}`,
      headers: o.as(o.admin.token),
    });
    expect(list.json().data[0]).toMatchObject({ name: 'Cliente 1 João da Conceição', phone: '(11) 98765-4321' });
    const all = await t.ctx.app.inject({
      url: `/api/organizations/${o.organization.id}/customers?take=1`,
      headers: o.as(o.admin.token),
    });
    expect(all.json().meta.total).toBe(19_997);

    const again = await imported(o, 'customers', file);
    expect(again).toMatchObject({ imported: 0, ready: 0, existing: 19_997, invalid: 3, skipped: 20_000 });
    expect(again.errors).toEqual(customerSheetErrors(20_000));
    expect(await countOf(o)).toMatchObject({ customers: 19_997, addresses: 19_997, equipments: 19_997 });
  }, 300_000);
});

describe('customers from an XLSX', () => {
  it('the same, with number cells: a CPF that lost its zeros, numbers of the address', async () => {
    const o = await createOrg(t.ctx);
    const file = await toXlsx(customerSheet(2_000, { seed: 2, bad: true }));
    const first = await imported(o, 'customers', file, {}, 'clientes.xlsx');
    expect(first).toMatchObject({ totalRows: 2_000, imported: 1_997, existing: 0, invalid: 3, skipped: 3 });
    expect(first.errors).toEqual(customerSheetErrors(2_000));
    expect(await countOf(o)).toMatchObject({ customers: 1_997, addresses: 1_997, equipments: 1_997 });
    expect((await customerBy(o, ZERO_CPF)).name).toBe('Cliente 2 João da Conceição');
    const company = await customerBy(o, String(customerSheet(2_000, { seed: 2 })[4]![1]));
    // A company without 'Nome fantasia' takes its name as one.
    expect(company).toMatchObject({ type: PersonType.Juridical, alias: 'Cliente 4 João da Conceição' });

    const again = await imported(o, 'customers', file, {}, 'clientes.xlsx');
    expect(again).toMatchObject({ imported: 0, existing: 1_997, invalid: 3, skipped: 2_000 });
    expect(await countOf(o)).toMatchObject({ customers: 1_997 });
  }, 120_000);
});

describe('dry run', () => {
  it('writes nothing, says what the import would do and previews the first rows', async () => {
    const o = await createOrg(t.ctx);
    const file = windows1252(toCsv(customerSheet(200, { seed: 3, bad: true })));
    const dry = await imported(o, 'customers', file, { dryRun: 'true' });
    expect(dry).toMatchObject({ dryRun: true, totalRows: 200, ready: 197, imported: 0, existing: 0, invalid: 3 });
    expect(dry.skipped).toBe(3);
    expect(dry.errors).toEqual(customerSheetErrors(200));
    expect(await countOf(o)).toMatchObject({ customers: 0, addresses: 0, equipments: 0 });
    expect(dry.columns.map((c) => c.field)).toEqual([
      'name',
      'identifier',
      'email',
      'phone',
      'mobile',
      'postalCode',
      'address',
      'number',
      'complement',
      'neighborhood',
      'city',
      'state',
      'equipment',
      'brand',
      'model',
      'serialNumber',
    ]);
    expect(dry.preview).toHaveLength(10);
    expect(dry.preview[0]).toMatchObject({
      row: 2,
      status: 'new',
      values: { name: 'Cliente 1 João da Conceição', complement: 'Sala 3 – Bloco B', state: 'São Paulo' },
    });

    await imported(o, 'customers', file);
    const after = await imported(o, 'customers', file, { dryRun: 'true' });
    expect(after).toMatchObject({ ready: 0, existing: 197, invalid: 3, skipped: 200 });
    expect(after.preview.map((p) => p.status)).toEqual(Array(10).fill('existing'));
  });
});

describe('what the file is', () => {
  const refused = async (file: Buffer, status = 422) => {
    const res = await send(t.org, 'customers', file);
    expect(res.statusCode).toBe(status);
    return res.json().errors;
  };
  it('422 on file for what is neither CSV nor XLSX: an image, an old .xls, a ZIP of something else', async () => {
    expect(await refused(PNG_1x1)).toEqual({ file: ['Envie uma planilha CSV ou XLSX (Excel).'] });
    expect(
      await refused(Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1]), Buffer.alloc(600)])),
    ).toEqual({
      file: ['Planilhas .xls (Excel 97–2003) não são aceitas: no Excel, salve como .xlsx ou CSV e envie de novo.'],
    });
    const docx = Buffer.from(zipSync({ 'word/document.xml': Buffer.from('<w:document/>') }));
    expect(await refused(docx)).toEqual({ file: ['Envie uma planilha CSV ou XLSX (Excel).'] });
    expect(await refused(Buffer.from('PK\u0003\u0004 not really a zip'))).toEqual({
      file: ['Não foi possível ler a planilha XLSX. Abra no Excel, salve de novo como .xlsx e envie.'],
    });
  });
  it('422 for an empty file and for a header without rows; 413 past 10 MB', async () => {
    expect(await refused(Buffer.alloc(0))).toEqual({ file: ['Selecione um arquivo'] });
    expect(await refused(Buffer.from('Nome;CPF\r\n\r\n'))).toEqual({
      file: ['A planilha está vazia: a primeira linha deve ter os nomes das colunas e as seguintes, os dados.'],
    });
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 'a');
    expect(await refused(big, 413)).toEqual(['O arquivo deve ter no máximo 10 MB']);
    expect((await countOf(t.org)).customers).toBe(0);
  });
  it('422 without a file part', async () => {
    const res = await t.ctx.app.inject({
      method: 'POST',
      url: url(t.org, 'customers'),
      headers: { 'content-type': 'multipart/form-data; boundary=x', ...t.org.as(t.org.admin.token) },
      payload: '--x\r\nContent-Disposition: form-data; name="dryRun"\r\n\r\ntrue\r\n--x--\r\n',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ file: ['Selecione um arquivo'] });
  });
});

describe('columns and their mapping', () => {
  it("maps headers as people write them: UTF-8 with BOM, ',' and quotes, any case or accents", async () => {
    const o = await createOrg(t.ctx);
    const cpf = newCpf();
    const text =
      '\ufeffRAZAO SOCIAL,cpf,e-mail,Município,uf,Observação\r\n' +
      `"Silva, Souza & Cia",${formatCpf(cpf)},SILVA@EXEMPLO.COM.BR,Florianópolis,sc,"cliente antigo, ""bom"""\r\n`;
    const r = await imported(o, 'customers', Buffer.from(text, 'utf8'), { dryRun: 'true' });
    expect(r.columns).toEqual([
      { header: 'RAZAO SOCIAL', field: 'name', sample: 'Silva, Souza & Cia' },
      { header: 'cpf', field: 'identifier', sample: formatCpf(cpf) },
      { header: 'e-mail', field: 'email', sample: 'SILVA@EXEMPLO.COM.BR' },
      { header: 'Município', field: 'city', sample: 'Florianópolis' },
      { header: 'uf', field: 'state', sample: 'sc' },
      { header: 'Observação', field: null, sample: 'cliente antigo, "bom"' },
    ]);
    // City and state without a street: the address needs its street mapped too.
    expect(r.missingFields).toEqual(['address']);
    const mapped = await imported(o, 'customers', Buffer.from(text, 'utf8'), {
      mapping: JSON.stringify({ Município: '', uf: '' }),
    });
    expect(mapped).toMatchObject({ imported: 1, errors: [] });
    expect(await customerBy(o, cpf)).toMatchObject({ name: 'Silva, Souza & Cia', email: 'silva@exemplo.com.br' });
    expect((await countOf(o)).addresses).toBe(0);
  });

  it('columns named otherwise: missing fields on a dry run, 422 on an import, imported once mapped', async () => {
    const o = await createOrg(t.ctx);
    const cpf = newCpf();
    const file = csv([
      ['Cliente X', 'Doc', 'Fone 2', 'E-mail'],
      ['Maria Aparecida', cpf, '(48) 99999-0000', 'maria@exemplo.com.br'],
    ]);
    const dry = await imported(o, 'customers', file, { dryRun: 'true' });
    expect(dry.missingFields).toEqual(['name', 'identifier']);
    expect(dry).toMatchObject({ ready: 0, errors: [], skipped: 1 });
    const refused = await send(o, 'customers', file);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      mapping: ['Associe uma coluna da planilha a estes campos obrigatórios: Nome / Razão social, CPF/CNPJ.'],
    });
    const mapping = JSON.stringify({ 'Cliente X': 'name', Doc: 'identifier', 'Fone 2': 'mobile', 'E-mail': '' });
    const r = await imported(o, 'customers', file, { mapping });
    expect(r.columns.map((c) => [c.header, c.field])).toEqual([
      ['Cliente X', 'name'],
      ['Doc', 'identifier'],
      ['Fone 2', 'mobile'],
      ['E-mail', null],
    ]);
    expect(r.imported).toBe(1);
    expect(await customerBy(o, cpf)).toMatchObject({
      name: 'Maria Aparecida',
      phone: '(48) 99999-0000',
      phoneE164: '+5548999990000',
      email: null,
    });
  });

  it('422 on mapping: not JSON, an unknown field, two columns to one field', async () => {
    const file = csv([
      ['Nome', 'CPF', 'Documento'],
      ['A', newCpf(), ''],
    ]);
    const errorsOf = async (mapping: string) =>
      (await send(t.org, 'customers', file, { fields: { mapping } })).json().errors;
    expect(await errorsOf('{nope')).toEqual({ mapping: ['Associação de colunas inválida.'] });
    expect(await errorsOf('{"Nome": 3}')).toEqual({ mapping: ['Associação de colunas inválida.'] });
    expect(await errorsOf('{"Nome": "price"}')).toEqual({ mapping: ["Campo desconhecido para a coluna 'Nome'."] });
    expect(await errorsOf('{"CPF": "identifier", "Documento": "identifier"}')).toEqual({
      mapping: ["As colunas 'CPF' e 'Documento' foram associadas ao mesmo campo (CPF/CNPJ)."],
    });
  });
});

describe('customers matched without a CPF/CNPJ', () => {
  it('by name, accents and case aside; a new one without CPF/CNPJ is refused', async () => {
    const o = await createOrg(t.ctx);
    const h = o.as(o.admin.token);
    const registered = newCpf();
    await t.ctx.app.inject({
      method: 'POST',
      url: `/api/organizations/${o.organization.id}/customers`,
      headers: h,
      payload: { type: PersonType.Natural, identifier: registered, name: 'Oficina São José' },
    });
    const file = csv([
      ['Nome', 'CPF/CNPJ', 'Telefone'],
      ['OFICINA SAO JOSE', '', ''],
      ['Fulano Novo', '', ''],
      ['Outro nome, mesmo CPF', registered, ''],
      ['Telefone errado', newCpf(), '123'],
    ]);
    const r = await imported(o, 'customers', file);
    expect(r).toMatchObject({ imported: 0, existing: 2, invalid: 2, skipped: 4 });
    expect(r.errors).toEqual([
      { row: 3, field: 'identifier', message: 'Este campo é obrigatório' },
      { row: 5, field: 'phone', message: 'Telefone inválido' },
    ]);
    expect(r.preview.map((p) => p.status)).toEqual(['existing', 'invalid', 'existing', 'invalid']);
    expect((await countOf(o)).customers).toBe(1);
  });
});

describe('products', () => {
  it('prices the pt-BR way, units as written, codes; matched by code or name; twice adds nothing', async () => {
    const o = await createOrg(t.ctx);
    const h = o.as(o.admin.token);
    const products = `/api/organizations/${o.organization.id}/products`;
    await t.ctx.app.inject({
      method: 'POST',
      url: products,
      headers: h,
      payload: { name: 'Suporte de condensadora', price: 90 },
    });
    await t.ctx.app.inject({
      method: 'POST',
      url: products,
      headers: h,
      payload: { name: 'Controle', code: 'C-1', price: 50 },
    });
    const file = windows1252(
      toCsv([
        ['Código', 'Descrição', 'Preço de venda', 'Unidade', 'Estoque'],
        ['P-1', 'Capacitor 35 µF', '48,90', 'UN', '10'],
        ['P-2', 'Gás R-410A', '1.850,50', 'kg', '3'],
        ['', 'Filtro G4', 'R$ 30,00', 'Peça', ''],
        ['P-3', 'Tubo de cobre', 'abc', 'm', ''],
        ['P-4', 'Fita', '0', 'un', ''],
        ['P-5', 'Isolante', '10', 'galão', ''],
        ['P-1', 'Outro capacitor', '10', 'un', ''],
        ['', 'filtro g4', '31', 'un', ''],
        ['P-7', 'SUPORTE DE CONDENSADORA', '99', 'un', ''],
        ['C-1', 'Controle remoto novo', '60', 'un', ''],
        ['P-8', 'Fluido', '1,850.50', 'l', ''],
      ]),
    );
    const r = await imported(o, 'products', file);
    expect(r.columns.map((c) => c.field)).toEqual(['code', 'name', 'price', 'unit', null]);
    expect(r).toMatchObject({ totalRows: 11, imported: 3, existing: 2, invalid: 6, skipped: 8 });
    expect(r.errors).toEqual([
      { row: 5, field: 'price', message: 'Valor inválido: use números, como 1.850,50' },
      { row: 6, field: 'price', message: 'O preço deve ser de no mínimo R$ 0,01' },
      { row: 7, field: 'unit', message: 'Unidade desconhecida: use un, pç, cx, kg, g, m, m², m³, l, ml ou h' },
      { row: 8, field: 'code', message: 'Código repetido na planilha (já está na linha 2)' },
      { row: 9, field: 'name', message: 'Nome repetido na planilha (já está na linha 4)' },
      {
        row: 12,
        field: 'price',
        message: 'Valor ambíguo: use ponto para milhares e vírgula para centavos, como 1.850,50',
      },
    ]);
    const list = await t.ctx.app.inject({ url: `${products}?take=100`, headers: h });
    expect(list.json().data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Capacitor 35 µF', code: 'P-1', price: 48.9, unit: 'un' }),
        expect.objectContaining({ name: 'Gás R-410A', code: 'P-2', price: 1850.5, unit: 'kg' }),
        expect.objectContaining({ name: 'Filtro G4', code: null, price: 30, unit: 'pc' }),
      ]),
    );
    expect(list.json().meta.total).toBe(5);
    const again = await imported(o, 'products', file);
    expect(again).toMatchObject({ imported: 0, existing: 5, invalid: 6 });
    expect((await countOf(o)).products).toBe(5);
  });

  it('from an XLSX: number cells are read as numbers, never as thousands', async () => {
    const o = await createOrg(t.ctx);
    const file = await toXlsx([
      ['Código', 'Nome', 'Valor', 'Unidade'],
      [1001, 'Gás R-22', 1850.5, 'KG'],
      [1002, 'Conexão', 1.234, 'un'],
      [1003, 'Dreno', 12, 'M'],
    ]);
    const r = await imported(o, 'products', file, {}, 'produtos.xlsx');
    expect(r).toMatchObject({ imported: 2, invalid: 1 });
    expect(r.errors).toEqual([{ row: 3, field: 'price', message: 'Use no máximo 2 casas decimais' }]);
    expect(r.preview[0]!.values).toEqual({ code: '1001', name: 'Gás R-22', price: '1850,5', unit: 'KG' });
    const list = await t.ctx.app.inject({
      url: `/api/organizations/${o.organization.id}/products?q=1001`,
      headers: o.as(o.admin.token),
    });
    expect(list.json().data).toEqual([expect.objectContaining({ code: '1001', price: 1850.5, unit: 'kg' })]);
  });
});

describe('services', () => {
  it('imported once; an archived service keeps its code', async () => {
    const o = await createOrg(t.ctx);
    const h = o.as(o.admin.token);
    const services = `/api/organizations/${o.organization.id}/services`;
    const old = await t.ctx.app.inject({
      method: 'POST',
      url: services,
      headers: h,
      payload: { name: 'Carga de gás', code: 'S-9', price: 200 },
    });
    await t.ctx.app.inject({ method: 'DELETE', url: `${services}/${old.json().id}`, headers: h });
    const file = csv(
      [
        ['Serviço', 'Valor', 'Código'],
        ['Instalação de split', '450', 'S-1'],
        ['Limpeza', '150,00', ''],
        ['Carga de gás R-410A', '250', 'S-9'],
        ['', '10', 'S-2'],
      ],
      ',',
    );
    const r = await imported(o, 'services', file);
    expect(r).toMatchObject({ imported: 2, existing: 1, invalid: 1 });
    expect(r.errors).toEqual([{ row: 5, field: 'name', message: 'Este campo é obrigatório' }]);
    const list = await t.ctx.app.inject({ url: services, headers: h });
    expect(list.json().data.map((s: { name: string; code: string | null }) => [s.name, s.code])).toEqual([
      ['Instalação de split', 'S-1'],
      ['Limpeza', null],
    ]);
    expect((await imported(o, 'services', file)).imported).toBe(0);
    expect((await countOf(o)).services).toBe(3);
  });
});
