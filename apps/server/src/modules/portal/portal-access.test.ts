import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PORTAL_LINKS_PER_HOUR, portalMessages, signupMessages } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { perFile } from '../../../test/helpers.ts';
import { testOutbox } from '../../../test/outbox.ts';
import { addPortalCustomer, portalWorld } from '../../../test/portal-fixtures.ts';

// Access to the customer's portal without a password: the link is asked for (office or public page),
// works once and for 30 minutes, opens a session of 30 days that 'Sair' ends; the public answer never
// says whether the e-mail is a customer's; tokens are stored hashed.
const outbox = testOutbox('portal-outbox');
const t = perFile({
  app: { mailer: outbox.mailer, config: { appUrl: 'https://app.exemplo.com.br' } },
  other: true,
  world: portalWorld,
});
afterEach(() => vi.useRealTimers());

let ip = 0;
const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, opts: { payload?: object; headers?: object } = {}) =>
  t.ctx.app.inject({ method, url, remoteAddress: `10.61.0.${++ip}`, ...opts } as never);
const tokenIn = (mail: string) =>
  decodeURIComponent(/https:\/\/app\.exemplo\.com\.br\/portal\/acesso\?token=([^\s"<]+)/.exec(mail)![1]!);
const orgId = () => t.org.organization.id;
const send = (customerId: number, token = t.org.admin.token, org = orgId()) =>
  inject('POST', `/api/organizations/${org}/customers/${customerId}/portal-access`, {
    headers: { authorization: `Bearer ${token}` },
  });
const use = (token: string) => inject('POST', '/api/public/portal/sessions', { payload: { token } });
const me = (token: string) => inject('GET', '/api/portal/me', { headers: { authorization: `Bearer ${token}` } });
/** The office sends the link; the link's token as the e-mail carries it. */
async function linkFor(customer: { id: number; email: string | null }) {
  const before = outbox.mailsTo(customer.email!).length;
  const res = await send(customer.id);
  expect(res.statusCode, res.body).toBe(202);
  const mails = await outbox.waitFor(customer.email!, before + 1);
  return tokenIn(mails.at(-1)!);
}

describe('the public page', () => {
  it("shows the organization's company; an unknown organization is a 404", async () => {
    const res = await inject('GET', `/api/public/portal/${orgId()}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ organizationId: orgId(), companyName: 'Refrigeração Portal Ltda', logo: null });
    expect((await inject('GET', '/api/public/portal/99999999')).statusCode).toBe(404);
  });

  it("is painted in the company's colour, which the office sets (#rrggbb) or clears", async () => {
    const url = `/api/organizations/${orgId()}/companies/${t.world.company.id}/brand-color`;
    const headers = { authorization: `Bearer ${t.org.admin.token}` };
    const bad = await t.ctx.app.inject({ method: 'PUT', url, headers, payload: { brandColor: 'azul' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ errors: { brandColor: ['Cor inválida: use o formato #rrggbb'] } });
    const set = await t.ctx.app.inject({ method: 'PUT', url, headers, payload: { brandColor: '#1A7F5A' } });
    expect(set.json()).toMatchObject({ brandColor: '#1a7f5a' });
    expect((await inject('GET', `/api/public/portal/${orgId()}`)).json().brandColor).toBe('#1a7f5a');
    await t.ctx.app.inject({ method: 'PUT', url, headers, payload: { brandColor: '' } });
    expect((await inject('GET', `/api/public/portal/${orgId()}`)).json().brandColor).toBeNull();
  });

  it("answers alike whether or not the e-mail is a customer's; only the customer of that organization gets a link", async () => {
    const email = t.world.customer.email!;
    // The other organization has a customer with the same e-mail: this organization's page sends them nothing.
    const twin = await addPortalCustomer(t.ctx, t.other!, 'Maria de Outra Empresa', email);
    const known = await inject('POST', `/api/public/portal/${orgId()}/access`, { payload: { email } });
    const unknown = await inject('POST', `/api/public/portal/${orgId()}/access`, {
      payload: { email: 'ninguem-aqui@teste.com.br' },
    });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({ message: portalMessages.requested });
    expect(unknown.json()).toEqual(known.json());
    const [mail] = await outbox.waitFor(email, 1);
    expect(mail).toContain('Refrigeração Portal Ltda');
    const session = await use(tokenIn(mail!));
    expect(session.statusCode, session.body).toBe(200);
    const who = await me(session.json().token);
    expect(who.json().customer).toEqual({ id: t.world.customer.id, name: 'Maria Portal', email });
    expect(who.json().customer.id).not.toBe(twin.id);
    await new Promise((r) => setTimeout(r, 200));
    expect(outbox.mailsTo('ninguem-aqui@teste.com.br')).toEqual([]);
    expect(outbox.mailsTo(email)).toHaveLength(1);
  });

  it('refuses a malformed e-mail with 422 in pt-BR', async () => {
    const res = await inject('POST', `/api/public/portal/${orgId()}/access`, { payload: { email: 'maria' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toBeDefined();
  });
});

describe('the link and the session', () => {
  it('a link works once; its token and the session’s are stored only as their SHA-256', async () => {
    const customer = await addPortalCustomer(t.ctx, t.org, 'João Uma Vez');
    const token = await linkFor(customer);
    const first = await use(token);
    expect(first.statusCode, first.body).toBe(200);
    const again = await use(token);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({ errors: [portalMessages.linkInvalid] });
    const sha = (s: string) => createHash('sha256').update(s).digest('hex');
    const db = t.ctx.database.db;
    const [link] = await db
      .select()
      .from(schema.portalLinks)
      .where(eq(schema.portalLinks.tokenHash, sha(token)));
    expect(link).toMatchObject({ customerId: customer.id, organizationId: orgId() });
    expect(link!.usedAt).not.toBeNull();
    const sessionToken = first.json().token as string;
    const [session] = await db
      .select()
      .from(schema.portalSessions)
      .where(eq(schema.portalSessions.tokenHash, sha(sessionToken)));
    expect(session).toMatchObject({ customerId: customer.id });
    const stored = JSON.stringify(
      await db.select().from(schema.portalSessions).where(eq(schema.portalSessions.customerId, customer.id)),
    );
    expect(stored).not.toContain(sessionToken);
  });

  it('a link expires after 30 minutes (moved clock)', async () => {
    const customer = await addPortalCustomer(t.ctx, t.org, 'Ana Atrasada');
    const late = await linkFor(customer);
    const inTime = await linkFor(customer);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 29 * 60_000);
    expect((await use(inTime)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 2 * 60_000);
    expect((await use(late)).statusCode).toBe(410);
  });

  it('the session lasts 30 days; Sair ends it at once', async () => {
    const customer = await addPortalCustomer(t.ctx, t.org, 'Pedro Sessão');
    const session = (await (await use(await linkFor(customer))).json()) as { token: string; expiresAt: string };
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start + 29 * 86_400_000);
    expect((await me(session.token)).statusCode).toBe(200);
    vi.setSystemTime(start + 31 * 86_400_000);
    expect((await me(session.token)).statusCode).toBe(401);
    vi.useRealTimers();

    const other = (await (await use(await linkFor(customer))).json()) as { token: string };
    expect((await me(other.token)).statusCode).toBe(200);
    const out = await inject('DELETE', '/api/portal/session', { headers: { authorization: `Bearer ${other.token}` } });
    expect(out.statusCode).toBe(204);
    expect((await me(other.token)).statusCode).toBe(401);
  });

  it('a login token is no portal token, and a portal token opens no office route', async () => {
    expect((await me(t.org.admin.token)).statusCode).toBe(401);
    const session = (await (await use(await linkFor(t.world.customer))).json()) as { token: string };
    const office = await inject('GET', `/api/organizations/${orgId()}/customers`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(office.statusCode).toBe(401);
  });

  it('an anonymized customer gets no link, and their sessions stop', async () => {
    const customer = await addPortalCustomer(t.ctx, t.org, 'Carla Esquecida');
    const session = (await (await use(await linkFor(customer))).json()) as { token: string };
    await t.ctx.database.db
      .update(schema.customers)
      .set({ anonymizedAt: new Date() })
      .where(eq(schema.customers.id, customer.id));
    expect((await me(session.token)).statusCode).toBe(401);
    expect((await send(customer.id)).statusCode).toBe(409);
  });
});

describe("the office's 'Enviar acesso'", () => {
  it('401 without a token; a customer of another organization → 404', async () => {
    const res = await inject('POST', `/api/organizations/${orgId()}/customers/${t.world.customer.id}/portal-access`);
    expect(res.statusCode).toBe(401);
    const theirs = await addPortalCustomer(t.ctx, t.other!, 'Cliente Alheio');
    expect((await send(theirs.id)).statusCode).toBe(404);
    expect((await send(theirs.id, t.org.admin.token, t.other!.organization.id)).statusCode).toBe(403);
  });

  it('a customer without an e-mail → 422; past the hourly limit → 429 and no more links', async () => {
    const db = t.ctx.database.db;
    const [noMail] = await db
      .update(schema.customers)
      .set({ email: null })
      .where(eq(schema.customers.id, (await addPortalCustomer(t.ctx, t.org, 'Sem E-mail')).id))
      .returning();
    const none = await send(noMail!.id);
    expect(none.statusCode).toBe(422);
    expect(none.json()).toEqual({ errors: { email: [portalMessages.noChannel] } });

    const busy = await addPortalCustomer(t.ctx, t.org, 'Muito Pedido');
    for (let i = 0; i < PORTAL_LINKS_PER_HOUR; i++) expect((await send(busy.id)).statusCode).toBe(202);
    const over = await send(busy.id);
    expect(over.statusCode).toBe(429);
    const made = await db.select().from(schema.portalLinks).where(eq(schema.portalLinks.customerId, busy.id));
    expect(made).toHaveLength(PORTAL_LINKS_PER_HOUR);
  });

  it('a shop that has not confirmed its e-mail sends no link, from the office or the public page', async () => {
    const db = t.ctx.database.db;
    const customer = await addPortalCustomer(t.ctx, t.org, 'Cliente Sem Loja Confirmada');
    const org = schema.organizations;
    const [{ verifiedAt }] = (await db.select({ verifiedAt: org.verifiedAt }).from(org).where(eq(org.id, orgId()))) as [
      { verifiedAt: Date | null },
    ];
    await db.update(org).set({ verifiedAt: null }).where(eq(org.id, orgId()));
    try {
      const office = await send(customer.id);
      expect(office.statusCode).toBe(403);
      expect(office.json()).toEqual({ errors: [signupMessages.unverified] });
      const asked = await inject('POST', `/api/public/portal/${orgId()}/access`, {
        payload: { email: customer.email },
      });
      expect(asked.statusCode).toBe(202);
      await new Promise((r) => setTimeout(r, 200));
      expect(await db.select().from(schema.portalLinks).where(eq(schema.portalLinks.customerId, customer.id))).toEqual(
        [],
      );
      expect(outbox.mailsTo(customer.email!)).toEqual([]);
    } finally {
      await db.update(org).set({ verifiedAt }).where(eq(org.id, orgId()));
    }
  });
});
