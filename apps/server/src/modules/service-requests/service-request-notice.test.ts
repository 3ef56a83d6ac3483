import { afterEach, describe, expect, it, vi } from 'vitest';
import { and, asc, eq, like } from 'drizzle-orm';
import { schema } from '@ordem-certa/db';
import { APP_URL, whatsappPerFile } from '../../../test/whatsapp-fixtures.ts';
import { portalSession } from '../../../test/portal-fixtures.ts';

// The customer is told when the office changes their request's status: by e-mail, and by WhatsApp
// (oc_pedido_atualizado_v1) when the organization sends and the customer agreed; queued in the change's
// transaction, once per request and status however often the change or the sending job runs.

const t = whatsappPerFile();
afterEach(() => vi.useRealTimers());
let ip = 0;
const orgId = () => t.org.organization.id;
const office = (url: string, payload: object) =>
  t.ctx.app.inject({
    method: 'POST',
    url: `/api/organizations/${orgId()}/service-requests${url}`,
    headers: t.org.as(t.org.admin.token),
    payload,
  });
const conversion = () => ({ company: t.world.company.id, transactionNature: t.world.nature.id });
async function askFromPortal(customerId: number, problem: string) {
  const session = await portalSession(t.ctx, orgId(), customerId);
  const res = await t.ctx.app.inject({
    method: 'POST',
    url: '/api/portal/service-requests',
    headers: session.headers,
    payload: { problem },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; number: number };
}
const noticesOf = (requestId: number) =>
  t.ctx.database.db
    .select()
    .from(schema.customerMessages)
    .where(
      and(
        eq(schema.customerMessages.organizationId, orgId()),
        like(schema.customerMessages.dedupeKey, `service-request:${requestId}:%`),
      ),
    )
    .orderBy(asc(schema.customerMessages.id));
const templatesTo = (digits: string) =>
  t.standIn.sent.filter((m) => m.to === digits && m.template?.name === 'oc_pedido_atualizado_v1');
const portalLink = () => `${APP_URL}/portal/atendimento?org=${orgId()}`;

describe("the notice of a request's new status", () => {
  it('turned into an order: one e-mail and one WhatsApp, however often the change or the job runs', async () => {
    const { customer, mobile, email } = t.world;
    const request = await askFromPortal(customer.id, 'O split da sala não liga');
    expect(await noticesOf(request.id)).toEqual([]);
    const made = await office(`/${request.id}/order`, conversion());
    expect(made.statusCode, made.body).toBe(201);
    const order = made.json() as { number: number };
    const status = `Ordem de serviço criada (nº ${order.number})`;
    const queued = await noticesOf(request.id);
    expect(queued.map((m) => [m.channel, m.status])).toEqual([
      ['email', 'queued'],
      ['whatsapp', 'queued'],
    ]);
    expect(queued[0]).toMatchObject({ email, customerId: customer.id, invoiceId: made.json().id });
    expect(queued[0]!.body).toBe(
      `Olá, Maria! Aqui é da ${t.world.company.name}: o seu pedido de atendimento nº ${request.number} agora está assim: ${status}. Para acompanhar, acesse a área do cliente em ${portalLink()} com o seu e-mail ou celular.`,
    );
    expect(queued[1]).toMatchObject({ templateName: 'oc_pedido_atualizado_v1', phone: mobile.digits });

    // The change replayed is refused and queues nothing more; the job twice sends each once.
    expect((await office(`/${request.id}/order`, conversion())).statusCode).toBe(409);
    expect((await office(`/${request.id}/close`, {})).statusCode).toBe(409);
    // Two rounds of the job at once (two instances), then the rest: each message is claimed by one.
    await Promise.all([t.send(), t.send()]);
    await t.send();
    expect(await noticesOf(request.id)).toHaveLength(2);
    const [sent, ...more] = templatesTo(mobile.digits);
    expect(more).toEqual([]);
    expect(sent!.template!.parameters).toEqual([
      'Maria',
      t.world.company.name,
      String(request.number),
      status,
      portalLink(),
    ]);
    const mails = t.mail.filter((m) => m.to.includes(email) && m.text.includes(`nº ${request.number} agora`));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`${t.world.company.name}: Pedido de atendimento atualizado`);
    expect((await noticesOf(request.id)).map((m) => m.status)).not.toContain('queued');
  });

  it('without consent only the e-mail goes (an estimate); closed, the customer reads "Encerrada"', async () => {
    const customer = await t.world.newCustomer({ consent: false });
    const first = await askFromPortal(customer.id, 'Barulho na condensadora');
    const estimate = await office(`/${first.id}/estimate`, conversion());
    expect(estimate.statusCode, estimate.body).toBe(201);
    const [mail, ...rest] = await noticesOf(first.id);
    expect(rest).toEqual([]);
    expect(mail).toMatchObject({ channel: 'email', email: customer.email, estimateId: estimate.json().id });
    expect(mail!.body).toContain(`agora está assim: Orçamento criado (nº ${estimate.json().number}).`);

    const second = await askFromPortal(customer.id, 'Resolvido por telefone');
    expect((await office(`/${second.id}/close`, { reason: 'Orientado por telefone' })).statusCode).toBe(200);
    const [closed] = await noticesOf(second.id);
    expect(closed!.body).toContain('agora está assim: Encerrada.');
    await t.send();
    expect(templatesTo(customer.mobile.digits)).toEqual([]);
  });

  it('a public request closed tells the contact by e-mail, with no portal link; a refused change tells nobody', async () => {
    const form = await t.ctx.app.inject({ url: `/api/public/portal/${orgId()}/service-request-form` });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5000);
    const asked = await t.ctx.app.inject({
      method: 'POST',
      url: `/api/public/portal/${orgId()}/service-requests`,
      remoteAddress: `10.64.0.${++ip}`,
      payload: {
        name: 'Rita Nova Souza',
        email: 'rita.nova@exemplo.com.br',
        problem: 'Quero instalar um split',
        formToken: form.json().formToken,
      },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    vi.useRealTimers();
    const [row] = await t.ctx.database.db
      .select()
      .from(schema.serviceRequests)
      .where(eq(schema.serviceRequests.contactEmail, 'rita.nova@exemplo.com.br'));
    // Turning it into an order without choosing the customer is refused: nothing is queued either.
    expect((await office(`/${row!.id}/order`, conversion())).statusCode).toBe(422);
    expect(await noticesOf(row!.id)).toEqual([]);
    expect((await office(`/${row!.id}/close`, {})).statusCode).toBe(200);
    const [mail, ...rest] = await noticesOf(row!.id);
    expect(rest).toEqual([]);
    expect(mail).toMatchObject({ channel: 'email', email: 'rita.nova@exemplo.com.br', customerId: null });
    expect(mail!.body).toBe(
      `Olá, Rita! Aqui é da ${t.world.company.name}: o seu pedido de atendimento nº ${row!.number} agora está assim: Encerrada.`,
    );
    await t.send();
    expect(t.mail.filter((m) => m.to.includes('rita.nova@exemplo.com.br'))).toHaveLength(1);
  });
});
