import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { defaultInvoiceStatuses, formatCnpj, PersonType, signupMessages, userMessages } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { startLookupStandIn, type LookupStandIn } from '@ordem-certa/test-support/lookup-stand-in';
import { perFile } from '../../../test/helpers.ts';
import { newCnpj, newCpf } from '../../../test/factories.ts';
import { testOutbox } from '../../../test/outbox.ts';
import { createShop } from '../../core/organizations/new-shop.ts';
import { sendAccountEmails } from '../../core/access/email-verification.ts';
import { MAX_RESENDS_PER_HOUR, MAX_SIGNUPS_PER_EMAIL_PER_HOUR } from './signup.service.ts';
import { SIGNUPS_PER_ADDRESS_PER_HOUR } from './signup.routes.ts';

// Sign-up: one request makes a shop that can save its first estimate at once; the owner confirms the
// e-mail through a link before anything goes to customers; robots, repeats and taken e-mails are
// refused without telling more than needed.
const OKBR = '19131243000197';
let standIn: LookupStandIn;
// Read by perFile's app, made after the stand-in starts.
const config: { appUrl: string; cnpjApiUrl?: string } = { appUrl: 'https://app.exemplo.com.br' };
beforeAll(async () => {
  standIn = await startLookupStandIn({ ceps: [], cnpjs: [{ cnpj: OKBR, razao_social: 'OPEN KNOWLEDGE BRASIL' }] });
  config.cnpjApiUrl = standIn.cnpjUrl;
});
afterAll(() => standIn?.close());

const outbox = testOutbox('signup-outbox');
const t = perFile({ app: { mailer: outbox.mailer, config } });

let ip = 0;
/** Each sign-up from its own address unless told, so the per-address limit stays out of the way. */
const post = (url: string, payload: object, remoteAddress = `10.70.0.${++ip}`) =>
  t.ctx.app.inject({ method: 'POST', url, payload, remoteAddress });
let seq = 0;
const newEmail = () => `dono-${Date.now().toString(36)}${++seq}@oficina.com.br`;
const body = (email = newEmail(), over: Record<string, unknown> = {}) => ({
  company: {
    type: PersonType.Juridical,
    identifier: formatCnpj(newCnpj()),
    name: 'Refrigeração Silva Ltda',
    alias: 'Refrigeração Silva',
    phone: '(11) 98765-4321',
  },
  owner: { name: 'Maria Silva', email, password: 'uma-senha-forte' },
  ...over,
});
const as = (token: string) => ({ authorization: `Bearer ${token}` });
const tokenIn = (mail: string) =>
  decodeURIComponent(/https:\/\/app\.exemplo\.com\.br\/confirmar-email\?token=([^\s"<]+)/.exec(mail)![1]!);
const organizationsNamed = async (email: string) => {
  const [row] = await t.ctx.database.db
    .select({ n: count() })
    .from(schema.users)
    .where(eq(sql`lower(${schema.users.email})`, email));
  return row!.n;
};

describe('sign-up', () => {
  it('says it is open', async () => {
    const res = await t.ctx.app.inject({ method: 'GET', url: '/api/signup' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ open: true });
  });

  it('makes the organization, its company, the owner and the default registers; the first estimate saves at once', async () => {
    const email = newEmail();
    const res = await post('/api/signup', body(email));
    expect(res.statusCode, res.body).toBe(201);
    const { token, organizationId } = res.json();
    const org = `/api/organizations/${organizationId}`;

    const me = await t.ctx.app.inject({ method: 'GET', url: '/api/me', headers: as(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email,
      roles: ['ROLE_ADMIN'],
      organization: { id: organizationId, name: 'Refrigeração Silva', verified: false },
    });
    expect(me.json().permissions).toContain('user.manage');

    const get = (path: string) => t.ctx.app.inject({ method: 'GET', url: `${org}${path}`, headers: as(token) });
    const companies = (await get('/companies')).json().data;
    expect(companies).toMatchObject([{ name: 'Refrigeração Silva Ltda', alias: 'Refrigeração Silva' }]);
    const natures = (await get('/transaction-natures')).json().data;
    expect(natures.map((n: { name: string }) => n.name)).toEqual(['Prestação de serviço']);
    const services = (await get('/services')).json().data;
    expect(services).toMatchObject([{ name: 'Visita técnica (exemplo)', price: 120 }]);
    const statuses = await t.ctx.database.db
      .select({ label: schema.invoiceStatuses.label })
      .from(schema.invoiceStatuses)
      .where(eq(schema.invoiceStatuses.organizationId, organizationId));
    expect(statuses.map((s) => s.label).sort()).toEqual(defaultInvoiceStatuses.map((s) => s.label).sort());

    const customer = await t.ctx.app.inject({
      method: 'POST',
      url: `${org}/customers`,
      headers: as(token),
      payload: { type: PersonType.Natural, identifier: newCpf(), name: 'Primeiro Cliente' },
    });
    expect(customer.statusCode, customer.body).toBe(201);
    const estimate = await t.ctx.app.inject({
      method: 'POST',
      url: `${org}/estimates`,
      headers: as(token),
      payload: { company: companies[0].id, customer: customer.json().id, transactionNature: natures[0].id },
    });
    expect(estimate.statusCode, estimate.body).toBe(201);
    const line = await t.ctx.app.inject({
      method: 'POST',
      url: `${org}/estimates/${estimate.json().id}/services`,
      headers: as(token),
      payload: { service: services[0].id, quantity: 1 },
    });
    expect(line.statusCode, line.body).toBe(201);
  });

  it('e-mails a link that confirms the e-mail; until then nothing is e-mailed to customers', async () => {
    const email = newEmail();
    const { token, organizationId } = (await post('/api/signup', body(email))).json();
    const [mail] = await outbox.waitFor(email, 1);
    expect(mail).toContain('confirme que este e-mail é seu');
    const link = tokenIn(mail!);

    // An estimate of this organization, e-mailed to its customer: refused while unconfirmed.
    const org = `/api/organizations/${organizationId}`;
    const req = (method: 'GET' | 'POST', path: string, payload?: object) =>
      t.ctx.app.inject({ method, url: `${org}${path}`, headers: as(token), payload });
    const company = (await req('GET', '/companies')).json().data[0];
    await t.ctx.database.db
      .update(schema.companies)
      .set({ email: 'contato@silva.com.br' })
      .where(eq(schema.companies.id, company.id));
    const nature = (await req('GET', '/transaction-natures')).json().data[0];
    const customer = (
      await req('POST', '/customers', { type: PersonType.Natural, identifier: newCpf(), name: 'Cliente' })
    ).json();
    const estimate = (
      await req('POST', '/estimates', { company: company.id, customer: customer.id, transactionNature: nature.id })
    ).json();
    const refused = await req('POST', `/estimates/${estimate.id}/email`, { to: 'cliente@exemplo.com.br' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errors: [signupMessages.unverified] });
    expect(outbox.mailsTo('cliente@exemplo.com.br')).toEqual([]);

    expect((await post('/api/signup/verify', { token: `${link}x` })).statusCode).toBe(410);
    const confirmed = await post('/api/signup/verify', { token: link });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ message: signupMessages.verified });
    expect((await post('/api/signup/verify', { token: link })).statusCode).toBe(200);
    const me = await t.ctx.app.inject({ method: 'GET', url: '/api/me', headers: as(token) });
    expect(me.json().organization.verified).toBe(true);
    const sent = await req('POST', `/estimates/${estimate.id}/email`, { to: 'cliente@exemplo.com.br' });
    expect(sent.statusCode, sent.body).toBe(200);
  });

  it('a link for an address the user no longer has confirms nothing', async () => {
    const email = newEmail();
    const { organizationId } = (await post('/api/signup', body(email))).json();
    const link = tokenIn((await outbox.waitFor(email, 1))[0]!);
    await t.ctx.database.db
      .update(schema.users)
      .set({ email: `outro-${email}` })
      .where(eq(schema.users.organizationId, organizationId));
    const res = await post('/api/signup/verify', { token: link });
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ errors: [signupMessages.linkInvalid] });
    const [org] = await t.ctx.database.db
      .select({ verifiedAt: schema.organizations.verifiedAt })
      .from(schema.organizations)
      .where(eq(schema.organizations.id, organizationId));
    expect(org!.verifiedAt).toBeNull();
  });

  it('the owner asks for the link again, a few times an hour; once confirmed there is nothing to send', async () => {
    const email = newEmail();
    const { token, organizationId } = (await post('/api/signup', body(email))).json();
    await outbox.waitFor(email, 1);
    const resend = () =>
      t.ctx.app.inject({
        method: 'POST',
        url: `/api/organizations/${organizationId}/email-verification`,
        headers: as(token),
      });
    for (let i = 0; i < MAX_RESENDS_PER_HOUR; i++) {
      const res = await resend();
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: signupMessages.verifySent });
    }
    expect((await outbox.waitFor(email, 1 + MAX_RESENDS_PER_HOUR)).length).toBe(1 + MAX_RESENDS_PER_HOUR);
    const tooMany = await resend();
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json()).toEqual({ errors: [signupMessages.resendTooMany] });

    await post('/api/signup/verify', { token: tokenIn(outbox.mailsTo(email)[0]!) });
    const done = await resend();
    expect(done.statusCode).toBe(202);
    expect(done.json()).toEqual({ message: signupMessages.verified });
  });

  it('a send that failed stays queued, and the job sends it later', async () => {
    const email = newEmail();
    const down = {
      kind: 'smtp' as const,
      send: () => Promise.reject(new Error('SMTP fora do ar')),
      remove: () => Promise.resolve(),
    };
    const created = await createShop(t.ctx.database.db, {
      name: 'Oficina Sem Correio',
      owner: { name: 'Rui', email, password: 'uma-senha-forte' },
      verified: false,
    });
    const deps = {
      db: t.ctx.database.db,
      links: t.ctx.app.links,
      mailFrom: undefined,
      appUrl: 'https://app.exemplo.com.br',
      log: t.ctx.app.log,
    };
    await sendAccountEmails({ ...deps, mailer: down }, [created.mailId!]);
    const queued = await t.ctx.database.db
      .select({ status: schema.accountEmails.status, attempts: schema.accountEmails.attempts })
      .from(schema.accountEmails)
      .where(eq(schema.accountEmails.id, created.mailId!));
    expect(queued).toEqual([{ status: 'queued', attempts: 1 }]);
    await sendAccountEmails({ ...deps, mailer: outbox.mailer });
    expect(await outbox.waitFor(email, 1)).toHaveLength(1);
    const [row] = await t.ctx.database.db
      .select({ status: schema.accountEmails.status })
      .from(schema.accountEmails)
      .where(eq(schema.accountEmails.id, created.mailId!));
    expect(row!.status).toBe('written');
  });

  it('refuses a taken e-mail under its field, telling no more, and writes nothing', async () => {
    const before = await t.ctx.database.db.select({ n: count() }).from(schema.organizations);
    const res = await post('/api/signup', body(t.org.admin.email.toUpperCase()));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { 'owner.email': [signupMessages.emailUnavailable] } });
    const after = await t.ctx.database.db.select({ n: count() }).from(schema.organizations);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('refuses what a robot fills in (the hidden field), and bad input, without writing', async () => {
    const email = newEmail();
    const robot = await post('/api/signup', body(email, { website: 'http://spam.example' }));
    expect(robot.statusCode).toBe(422);
    expect(robot.json()).toEqual({ errors: { _: [signupMessages.refused] } });
    const bad = await post('/api/signup', {
      ...body(email),
      owner: { name: '', email: 'nao-e-email', password: 'curta' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['owner.password']).toEqual([userMessages.passwordTooShort]);
    expect(bad.json().errors['owner.email']).toBeDefined();
    expect(await organizationsNamed(email)).toBe(0);
  });

  it('limits sign-ups per e-mail, whatever the address, and per address', async () => {
    const email = newEmail();
    // The e-mail is taken after the first: the later tries still count against it.
    for (let i = 0; i < MAX_SIGNUPS_PER_EMAIL_PER_HOUR; i++) {
      expect((await post('/api/signup', body(email))).statusCode).toBe(i === 0 ? 201 : 422);
    }
    const limited = await post('/api/signup', body(email));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ errors: [signupMessages.tooMany] });

    const address = '10.71.0.1';
    for (let i = 0; i < SIGNUPS_PER_ADDRESS_PER_HOUR; i++) {
      expect((await post('/api/signup', body(newEmail(), { website: 'x' }), address)).statusCode).toBe(422);
    }
    const fromAddress = await post('/api/signup', body(newEmail()), address);
    expect(fromAddress.statusCode).toBe(429);
    expect(fromAddress.json()).toEqual({ errors: [signupMessages.tooMany] });
  });

  it('the form looks a CNPJ up without a login', async () => {
    const res = await t.ctx.app.inject({ method: 'GET', url: `/api/signup/cnpj/${OKBR}`, remoteAddress: '10.72.0.1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ cnpj: OKBR, name: 'OPEN KNOWLEDGE BRASIL' });
  });

  it('the command line makes a shop the same way, already confirmed', async () => {
    const email = newEmail();
    const created = await createShop(t.ctx.database.db, {
      name: 'Oficina da Linha de Comando',
      owner: { name: 'Ana', email, password: 'uma-senha-forte' },
      verified: true,
    });
    expect(created.mailId).toBeNull();
    const db = t.ctx.database.db;
    const orgId = created.organization.id;
    const [org] = await db
      .select({ verifiedAt: schema.organizations.verifiedAt })
      .from(schema.organizations)
      .where(eq(schema.organizations.id, orgId));
    expect(org!.verifiedAt).not.toBeNull();
    const natures = await db
      .select({ name: schema.transactionNatures.name })
      .from(schema.transactionNatures)
      .where(eq(schema.transactionNatures.organizationId, orgId));
    expect(natures).toEqual([{ name: 'Prestação de serviço' }]);
    const services = await db
      .select({ name: schema.services.name })
      .from(schema.services)
      .where(and(eq(schema.services.organizationId, orgId)));
    expect(services).toEqual([{ name: 'Visita técnica (exemplo)' }]);
  });
});
