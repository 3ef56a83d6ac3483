import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { InvoiceState, messages, PersonType } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { addCompany, type TestOrg } from '../../test/helpers.ts';
import { twoOrganizations } from '../../test/register-tests.ts';
import { invoiceWorld } from '../../test/invoice-fixtures.ts';
import { newCpf } from '../../test/factories.ts';

// Bad input is refused once, centrally, for every route: strings the database cannot store, ids past
// the integer columns, impossible dates, malformed multipart (400: the body cannot be read); money up to the schema's maximum fits.
const suite = twoOrganizations();

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const api = (o: TestOrg, method: Method, path: string, payload?: object, token: string | null = o.admin.token) =>
  suite.ctx.app.inject({
    method,
    url: `/api/organizations/${o.organization.id}${path}`,
    headers: token ? o.as(token) : {},
    ...(payload ? { payload } : {}),
  });
const customerCount = async (o: TestOrg) =>
  (
    await suite.ctx.database.db
      .select()
      .from(schema.customers)
      .where(eq(schema.customers.organizationId, o.organization.id))
  ).length;
const person = (name: string) => ({ type: PersonType.Natural, name, identifier: newCpf(), email: '', phone: '' });

describe('central input checks', () => {
  it('401 without a token', async () => {
    expect((await api(suite.org, 'POST', '/customers', person('Ana'), null)).statusCode).toBe(401);
  });

  it("another organization's id → 404", async () => {
    const created = await api(suite.org, 'POST', '/customers', person('Cliente da org'));
    expect(created.statusCode, created.body).toBe(201);
    const res = await api(suite.other, 'GET', `/customers/${created.json().id}`);
    expect(res.statusCode).toBe(404);
  });

  it('a NUL byte or a lone surrogate in a body string → 422 on that field, nothing stored', async () => {
    const before = await customerCount(suite.org);
    for (const name of ['Ana\u0000Maria', 'Ana \ud800', 'Ana \udc00 Maria']) {
      const res = await api(suite.org, 'POST', '/customers', person(name));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual({ errors: { name: [messages.invalidCharacters] } });
    }
    expect(await customerCount(suite.org)).toBe(before);
    // A proper pair (an emoji) is fine.
    expect((await api(suite.org, 'POST', '/customers', person('Ana 😀'))).statusCode).toBe(201);
  });

  it('a NUL in the login e-mail or a list search → 422, not 500', async () => {
    const login = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'a\u0000@b.com', password: 'x' },
    });
    expect(login.statusCode).toBe(422);
    const list = await api(suite.org, 'GET', `/customers?q=${encodeURIComponent('a\u0000')}`);
    expect(list.statusCode).toBe(422);
    expect(list.json()).toEqual({ errors: { q: [messages.invalidCharacters] } });
  });

  it('path ids past 2,147,483,647 → 404, on private and public routes', async () => {
    for (const id of ['2147483648', '99999999999999999999']) {
      expect((await api(suite.org, 'GET', `/customers/${id}`)).statusCode).toBe(404);
      expect((await api(suite.org, 'PUT', `/customers/${id}`, person('X'))).statusCode).toBe(404);
      expect((await api(suite.org, 'GET', `/companies/1/addresses/${id}`)).statusCode).toBe(404);
      const pub = await suite.ctx.app.inject({ url: `/api/public/invoices/${id}?token=abc` });
      expect(pub.statusCode).toBe(404);
    }
  });

  it('a body id past the integer → 422 on that field', async () => {
    const res = await api(suite.org, 'POST', '/invoices', { company: 2147483648, customer: 1, transactionNature: 1 });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain('company');
  });

  it('money up to 99,999,999.99 is stored and read back exactly', async () => {
    for (const price of [21_474_836.48, 99_999_999.99]) {
      const created = await api(suite.org, 'POST', '/products', { name: `Compressor ${price}`, price });
      expect(created.statusCode, created.body).toBe(201);
      const read = await api(suite.org, 'GET', `/products/${created.json().id}`);
      expect(read.json().price).toBe(price);
    }
    const service = await api(suite.org, 'POST', '/services', { name: 'Obra grande', price: 99_999_999.99 });
    expect(service.statusCode, service.body).toBe(201);
    const pay = await suite.ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/organizations/${suite.org.organization.id}/users/${suite.org.worker.id}/financial`,
      headers: suite.org.as(suite.org.admin.token),
      payload: { paymentValue: 99_999_999.99 },
    });
    expect(pay.statusCode, pay.body).toBe(200);
    expect((await api(suite.org, 'POST', '/products', { name: 'Demais', price: 100_000_000 })).statusCode).toBe(422);
  });

  it('an order total above the maximum is refused on the line; at the maximum it is kept', async () => {
    const world = await invoiceWorld(suite.ctx, suite.org);
    const { id } = await world.createInvoice();
    const expensive = await api(suite.org, 'POST', '/services', { name: 'Caro', price: 99_999_999.99 });
    const line = await api(suite.org, 'POST', `/invoices/${id}/services`, {
      service: expensive.json().id,
      quantity: 1,
    });
    expect(line.statusCode, line.body).toBe(201);
    const second = await api(suite.org, 'POST', `/invoices/${id}/services`, {
      service: expensive.json().id,
      quantity: 1,
    });
    expect(second.statusCode).toBe(422);
    const detail = await api(suite.org, 'GET', `/invoices/${id}`);
    expect(detail.json().subTotal).toBe(99_999_999.99);
  });

  it('a date before 2000 or past 2100 → 422 on the field', async () => {
    const world = await invoiceWorld(suite.ctx, suite.org);
    const { id } = await world.createInvoice();
    await world.moveTo(id, InvoiceState.Completed);
    for (const date of ['0001-01-01', '1999-12-31', '2101-01-01', '9999-12-31']) {
      const res = await api(suite.org, 'POST', `/invoices/${id}/pay`, { date });
      expect(res.statusCode, date).toBe(422);
      expect(res.json()).toEqual({ errors: { date: [messages.yearOutOfRange] } });
    }
    expect((await api(suite.org, 'POST', `/invoices/${id}/pay`, { date: '2026-11-20' })).statusCode).toBe(200);
  });

  it('a malformed multipart body → 400 on the file field', async () => {
    const company = await addCompany(suite.ctx, suite.org.organization.id);
    for (const type of ['multipart/form-data', 'multipart/form-data; boundary=----x']) {
      const res = await suite.ctx.app.inject({
        method: 'POST',
        url: `/api/organizations/${suite.org.organization.id}/companies/${company.id}/logo`,
        headers: { ...suite.org.as(suite.org.admin.token), 'content-type': type },
        payload: '------x\r\nContent-Disposition: form-data; name="file"\r\n\r\n',
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ errors: { logo: [messages.invalidFormat] } });
    }
  });

  it('422 messages are Portuguese, also those zod writes itself', async () => {
    const wrongTypes = { type: PersonType.Natural, name: 12, identifier: [], email: '', phone: '' };
    expect((await api(suite.org, 'POST', '/customers', wrongTypes)).statusCode).toBe(422);
    const res = await api(suite.org, 'PUT', '', { name: 'Org', timeZone: 5 });
    expect(res.statusCode).toBe(422);
    const text = JSON.stringify(res.json());
    expect(text).not.toMatch(/Invalid|expected|received/);
    expect(text).toMatch(/inválid|esperava/i);
  });
});
