import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { PersonType, storedPhone } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { perFile, type TestOrg } from '../../../test/helpers.ts';
import { newCnpj, newCpf } from '../../../test/factories.ts';
import { invoiceWorld } from '../../../test/invoice-fixtures.ts';

/**
 * Phones of companies and customers: a number that cannot exist is a 422 on `phone`, a real one is
 * stored as people read it with its E.164 beside it, and the rows saved before are normalized by the
 * migration where they can be.
 */
const t = perFile({ world: invoiceWorld });

const entities = [
  { path: 'companies', table: schema.companies },
  { path: 'customers', table: schema.customers },
] as const;

const url = (o: TestOrg, path: string, id?: number) =>
  `/api/organizations/${o.organization.id}/${path}${id ? `/${id}` : ''}`;
const person = (phone: unknown) => ({ type: PersonType.Natural, identifier: newCpf(), name: 'Telefone Teste', phone });
const firm = (phone: unknown) => ({
  type: PersonType.Juridical,
  identifier: newCnpj(),
  name: 'Fone Teste Ltda',
  alias: 'Fone',
  phone,
});

const impossible = [
  '(10) 98765-4321', // no area code 10
  '(11) 1234-5678', // a landline starts with 2 to 5
  '(11) 8765-4321', // a mobile without the 9
  '(11) 98765-432',
  '123',
  'telefone',
  '+99 1234',
];

describe.each(entities)('$path: phone', ({ path, table }) => {
  const post = (payload: object) =>
    t.ctx.app.inject({ method: 'POST', url: url(t.org, path), headers: t.org.as(t.org.admin.token), payload });
  const put = (id: number, payload: object) =>
    t.ctx.app.inject({ method: 'PUT', url: url(t.org, path, id), headers: t.org.as(t.org.admin.token), payload });
  const stored = async (id: number) => {
    const [row] = await t.ctx.database.db
      .select({ phone: table.phone, phoneE164: table.phoneE164 })
      .from(table)
      .where(eq(table.id, id));
    return row;
  };

  it.each(impossible)('POST with %s: 422 on phone, nothing written', async (phone) => {
    const body = person(phone);
    const res = await post(body);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { phone: ['Telefone inválido'] } });
    const rows = await t.ctx.database.db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.organizationId, t.org.organization.id), eq(table.identifier, body.identifier)));
    expect(rows).toEqual([]);
  });

  it('stores a mobile as read and in E.164, whatever way it was typed; GET answers both', async () => {
    for (const typed of ['11987654321', '+55 11 98765-4321', '(11) 98765-4321', '011 98765 4321']) {
      const res = await post(firm(typed));
      expect(res.statusCode, typed).toBe(201);
      expect(res.json()).toMatchObject({ phone: '(11) 98765-4321', phoneE164: '+5511987654321' });
      expect(await stored(res.json().id)).toEqual({ phone: '(11) 98765-4321', phoneE164: '+5511987654321' });
    }
    const created = await post(person('1134567890'));
    const got = await t.ctx.app.inject({
      url: url(t.org, path, created.json().id),
      headers: t.org.as(t.org.admin.token),
    });
    expect(got.json()).toMatchObject({ phone: '(11) 3456-7890', phoneE164: '+551134567890' });
  });

  it('PUT: a new number moves both columns; an impossible one is a 422 that changes nothing; empty clears both', async () => {
    const id = (await post(person('(21) 99887-7665'))).json().id as number;
    const moved = await put(id, { type: PersonType.Natural, name: 'Telefone Teste', phone: '+55 (31) 3222-1100' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ phone: '(31) 3222-1100', phoneE164: '+553132221100' });

    for (const phone of impossible) {
      const refused = await put(id, { type: PersonType.Natural, name: 'Outro Nome', phone });
      expect(refused.statusCode, phone).toBe(422);
      expect(refused.json()).toEqual({ errors: { phone: ['Telefone inválido'] } });
    }
    expect(await stored(id)).toEqual({ phone: '(31) 3222-1100', phoneE164: '+553132221100' });

    const cleared = await put(id, { type: PersonType.Natural, name: 'Telefone Teste', phone: '' });
    expect(cleared.json()).toMatchObject({ phone: null, phoneE164: null });
    expect(await stored(id)).toEqual({ phone: null, phoneE164: null });
  });

  it('the E.164 is the server’s: one sent in the body is ignored', async () => {
    const res = await post({ ...person('(11) 3456-7890'), phoneE164: '+5511999999999' });
    expect(res.statusCode).toBe(201);
    expect(await stored(res.json().id)).toEqual({ phone: '(11) 3456-7890', phoneE164: '+551134567890' });
  });

  it('a foreign number written with + is kept in the international form', async () => {
    const res = await post(person('+351912345678'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ phone: '+351 912 345 678', phoneE164: '+351912345678' });
  });
});

describe('the order carries its customer’s E.164 for WhatsApp', () => {
  it('GET invoices/{id}: customerPhone as read, customerPhoneE164 beside it', async () => {
    const { customer, createInvoice } = t.world;
    await t.ctx.app.inject({
      method: 'PUT',
      url: url(t.org, 'customers', customer.id),
      headers: t.org.as(t.org.admin.token),
      payload: { type: PersonType.Natural, name: customer.name, phone: '11 98765 4321' },
    });
    const { id } = await createInvoice();
    const res = await t.ctx.app.inject({ url: url(t.org, 'invoices', id), headers: t.org.as(t.org.admin.token) });
    expect(res.json()).toMatchObject({ customerPhone: '(11) 98765-4321', customerPhoneE164: '+5511987654321' });
  });
});

describe('migration 20261125T0910_phone_e164', () => {
  const migration = readFileSync(
    fileURLToPath(new URL('../../../../../packages/db/migrations/20261125T0910_phone_e164.sql', import.meta.url)),
    'utf8',
  );
  // Phones as the screens before saved them (digits), and as older data may hold them.
  const legacy = [
    '11987654321',
    '1134567890',
    '5511987654321',
    '551134567890',
    '+55 11 98765-4321',
    '(11) 3456-7890',
    '011987654321',
    '01134567890',
    '55987654321', // area code 55 (Rio Grande do Sul), a mobile
    '1176543210',
    '1187654321', // an old 8-digit mobile: no longer a number
    '1112345678',
    '10987654321',
    'ramal 22',
    '+351912345678', // written as is: no Brazilian rule reads it
  ];

  let ids: number[];
  beforeAll(async () => {
    const organizationId = t.org.organization.id;
    const rows = await t.ctx.database.db
      .insert(schema.customers)
      .values(
        legacy.map((phone, i) => ({
          organizationId,
          type: PersonType.Natural,
          identifier: newCpf(),
          name: `Antigo ${i}`,
          phone,
        })),
      )
      .returning({ id: schema.customers.id });
    ids = rows.map((r) => r.id);
  });

  const read = async () => {
    const rows = await t.ctx.database.db
      .select({ id: schema.customers.id, phone: schema.customers.phone, phoneE164: schema.customers.phoneE164 })
      .from(schema.customers)
      .where(inArray(schema.customers.id, ids));
    return ids.map((id) => {
      const { phone, phoneE164 } = rows.find((r) => r.id === id)!;
      return { phone, phoneE164 };
    });
  };

  it('normalizes the Brazilian numbers as the API would and leaves the rest as typed; running again changes nothing', async () => {
    await t.ctx.database.exec(migration);
    const after = await read();
    const expected = legacy.map((phone) =>
      phone.startsWith('+351') ? { phone, phoneE164: null } : storedPhone(phone),
    );
    expect(after).toEqual(expected);
    expect(after.slice(0, 10).every((r) => r.phoneE164?.startsWith('+55'))).toBe(true);
    expect(after.slice(10).map((r) => r.phone)).toEqual(legacy.slice(10));

    await t.ctx.database.exec(migration);
    expect(await read()).toEqual(after);
  });
});
