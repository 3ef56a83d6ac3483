import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PORTAL_LINKS_PER_HOUR, portalMessages } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { APP_URL, newMobile, whatsappPerFile } from '../../../test/whatsapp-fixtures.ts';

// The portal's access link by WhatsApp (template oc_acesso_portal_v1): from the office's 'Enviar acesso'
// and from the public page by the mobile. The outbox row never holds a token that opens a session: the
// sender makes it as it sends. The public answer never says whether the number is a customer's.

const t = whatsappPerFile();
let ip = 0;
const inject = (method: 'GET' | 'POST', url: string, opts: { payload?: object; headers?: object } = {}) =>
  t.ctx.app.inject({ method, url, remoteAddress: `10.62.0.${++ip}`, ...opts } as never);
const orgId = () => t.org.organization.id;
const send = (customerId: number) =>
  inject('POST', `/api/organizations/${orgId()}/customers/${customerId}/portal-access`, {
    headers: { authorization: `Bearer ${t.org.admin.token}` },
  });
const use = (token: string) => inject('POST', '/api/public/portal/sessions', { payload: { token } });
const tokenOf = (url: string) => decodeURIComponent(/\/portal\/acesso\?token=([^\s]+)$/.exec(url)![1]!);
/** The access templates the stand-in took for that number, oldest first. */
const accessSentTo = (digits: string) =>
  t.standIn.sent.filter((m) => m.to === digits && m.template?.name === 'oc_acesso_portal_v1');
const accessRows = async (customerId: number) =>
  (await t.world.messagesOf(customerId)).filter((m) => m.templateName === 'oc_acesso_portal_v1');

describe("the office's 'Enviar acesso' by WhatsApp", () => {
  it('goes by e-mail and WhatsApp; the stored message never holds a usable token, before or after sending', async () => {
    const customer = await t.world.newCustomer();
    const res = await send(customer.id);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({
      message: 'Link de acesso enviado ao cliente por e-mail e WhatsApp.',
      email: true,
      whatsapp: true,
    });
    const [queued] = await accessRows(customer.id);
    expect(queued).toMatchObject({ status: 'queued', phone: customer.mobile.digits });
    expect(queued!.body).toContain('[link de acesso, criado no envio]');
    await t.send();
    const [sent] = accessSentTo(customer.mobile.digits);
    const params = sent!.template!.parameters;
    expect(params.slice(0, 2)).toEqual([customer.name.split(' ')[0], t.world.company.name]);
    expect(params[2]).toMatch(new RegExp(`^${APP_URL}/portal/acesso\\?token=`));
    expect(params[3]).toBe('30');
    const token = tokenOf(params[2]!);
    // The row as stored after sending: neither the token nor anything else in it opens a session.
    const [stored] = await accessRows(customer.id);
    expect(stored!.status).not.toBe('queued');
    const text = JSON.stringify(stored);
    expect(text).not.toContain(token);
    for (const candidate of text.match(/[A-Za-z0-9_-]{40,}/g) ?? [])
      expect((await use(candidate)).statusCode).toBe(410);
    // The link as WhatsApp carried it works once.
    const session = await use(token);
    expect(session.statusCode, session.body).toBe(200);
    expect((await use(token)).statusCode).toBe(410);
  });

  it('without consent or mobile, and without e-mail: 422 and no link left; a link late before sending goes nowhere', async () => {
    const noConsent = await t.world.newCustomer({ consent: false, email: null });
    const none = await send(noConsent.id);
    expect(none.statusCode).toBe(422);
    expect(none.json()).toEqual({ errors: { email: [portalMessages.noChannel] } });
    const links = schema.portalLinks;
    expect(await t.ctx.database.db.select().from(links).where(eq(links.customerId, noConsent.id))).toEqual([]);
    expect(await accessRows(noConsent.id)).toEqual([]);

    const onlyPhone = await t.world.newCustomer({ email: null });
    const res = await send(onlyPhone.id);
    expect(res.json()).toMatchObject({ email: false, whatsapp: true });
    await t.ctx.database.db
      .update(links)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(links.customerId, onlyPhone.id));
    await t.send();
    expect(accessSentTo(onlyPhone.mobile.digits)).toEqual([]);
    const [failed] = await accessRows(onlyPhone.id);
    expect(failed).toMatchObject({ status: 'failed', errorReason: expect.stringMatching(/expirou/) });
    // No e-mail repeats a link it does not hold.
    expect((await t.world.messagesOf(onlyPhone.id)).filter((m) => m.channel === 'email')).toEqual([]);
  });
});

describe("the public page's 'Quero acessar' by the mobile", () => {
  it("answers alike for a customer's number and any other; only the customer of that organization gets the link", async () => {
    const customer = await t.world.newCustomer();
    // A customer of the other organization with the same mobile gets nothing from this page.
    const twin = await t.theirs!.newCustomer({ phone: customer.mobile });
    const known = await inject('POST', `/api/public/portal/${orgId()}/access`, {
      payload: { phone: customer.mobile.display },
    });
    const unknown = await inject('POST', `/api/public/portal/${orgId()}/access`, {
      payload: { phone: newMobile().display },
    });
    expect(known.statusCode).toBe(202);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toEqual({ message: portalMessages.requested });
    await expect.poll(async () => (await accessRows(customer.id)).length).toBe(1);
    await t.send();
    const [sent] = accessSentTo(customer.mobile.digits);
    expect(sent!.phoneNumberId).toBe(t.world.business.phoneNumberId);
    const session = await use(tokenOf(sent!.template!.parameters[2]!));
    expect(session.statusCode).toBe(200);
    const me = await inject('GET', '/api/portal/me', { headers: { authorization: `Bearer ${session.json().token}` } });
    expect(me.json().customer.id).toBe(customer.id);
    expect(await accessRows(twin.id)).toEqual([]);
  });

  it('neither e-mail nor mobile → 422 on email; past the hourly limit nothing more is queued', async () => {
    const empty = await inject('POST', `/api/public/portal/${orgId()}/access`, { payload: { email: '', phone: '' } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({ errors: { email: [portalMessages.contactRequired] } });
    const busy = await t.world.newCustomer();
    for (let i = 0; i < PORTAL_LINKS_PER_HOUR + 2; i++)
      await inject('POST', `/api/public/portal/${orgId()}/access`, { payload: { phone: busy.mobile.display } });
    await expect.poll(async () => (await accessRows(busy.id)).length).toBe(PORTAL_LINKS_PER_HOUR);
    await new Promise((r) => setTimeout(r, 300));
    expect(await accessRows(busy.id)).toHaveLength(PORTAL_LINKS_PER_HOUR);
  });
});
