import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { InvoiceState, paperworkMessages, recordEmailMessages } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { perFile } from '../../../test/helpers.ts';
import { invoiceWorld } from '../../../test/invoice-fixtures.ts';
import { pdfText } from '@ordem-certa/test-support/pdf-text';
import { createMailer } from '../../lib/mailer.ts';

// E-mailing a service order: a real SMTP server on loopback receives the message and its PDF. The
// text carries the signing link while the order is not validly signed; every send is journaled.
const received: Array<{ to: string[]; mail: ParsedMail }> = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), mail });
        callback();
      })
      .catch(callback);
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const port = (smtp.server.address() as { port: number }).port;
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const APP_URL = 'https://os.oficina.test';
const t = perFile({
  other: true,
  world: invoiceWorld,
  app: {
    mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: '/tmp' }),
    config: { appUrl: APP_URL },
  },
});

beforeAll(async () => {
  await t.ctx.database.db
    .update(schema.companies)
    .set({ email: 'contato@oficina.com.br', emailSignature: '<p><strong>Equipe {{empresa}}</strong></p>' })
    .where(eq(schema.companies.id, t.world.company.id));
});

/** A started order with a service, and its admin signing path. */
async function startedOrder() {
  const { id, number } = await t.world.createInvoice();
  await t.world.admin('POST', `/${id}/services`, { service: t.world.service.id, quantity: 2 });
  await t.world.moveTo(id, InvoiceState.Wip);
  const { signUrl } = (await t.world.admin('GET', `/${id}`)).json();
  return { id, number, signUrl: signUrl as string };
}
const send = (id: number, to: string, as = t.world.admin) => as('POST', `/${id}/email`, { to });
const mailTo = (address: string) => received.find((r) => r.to.includes(address))!.mail;

describe('POST invoices/{id}/email', () => {
  it('sends the order PDF with values and the signing link, journals it as sent, and audits it', async () => {
    const { id, number, signUrl } = await startedOrder();
    const res = await send(id, 'cliente@exemplo.com.br, Cliente@EXEMPLO.com.br');
    expect(res.statusCode, res.body).toBe(200);
    const subject = `Ordem de serviço nº ${number}`;
    expect(res.json()).toMatchObject({
      subject,
      status: 'sent',
      to: ['cliente@exemplo.com.br'],
      userName: 'Admin Teste',
    });

    const mail = mailTo('cliente@exemplo.com.br');
    expect(mail.subject).toBe(subject);
    expect(mail.from!.value).toEqual([{ name: t.world.company.name, address: 'contato@oficina.com.br' }]);
    const link = `${APP_URL}${signUrl}`;
    expect(mail.html).toContain(`<a href="${link}"`);
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`Olá, ${t.world.customer.name}.`);
    expect(mail.html).toContain(`<strong>Equipe ${t.world.company.name}</strong>`);
    const [pdf] = mail.attachments;
    expect(pdf!.filename).toBe(`OS-${number}.pdf`);
    const text = pdfText(pdf!.content);
    expect(text).toContain('Limpeza de split');
    expect(text).toContain('360,00'); // the values: 2 × R$ 180,00

    const history = (await t.world.admin('GET', `/${id}/emails`)).json();
    expect(history.data).toEqual([
      expect.objectContaining({ subject, status: 'sent', to: ['cliente@exemplo.com.br'] }),
    ]);
    const audit = await t.ctx.database.db
      .select()
      .from(schema.auditLogs)
      .where(and(eq(schema.auditLogs.entity, 'invoice'), eq(schema.auditLogs.entityId, id)));
    expect(audit.flatMap((a) => a.data)).toContainEqual(
      expect.objectContaining({ field: 'emails', after: { subject, to: ['cliente@exemplo.com.br'] } }),
    );
  });

  it('once validly signed, the e-mail carries no signing link', async () => {
    const { id, signUrl } = await startedOrder();
    const token = new URL(signUrl, 'http://x').searchParams.get('token')!;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="400" height="200" fill="#fff"/><path d="M20 150 C 80 20, 160 20, 200 120" stroke="#000" stroke-width="3" fill="none"/></svg>`;
    const drawn = `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
    const signed = await t.ctx.app.inject({
      method: 'POST',
      url: `/api/public/invoices/${id}/sign?token=${token}`,
      payload: { signature: drawn, signerName: 'Maria' },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect((await send(id, 'assinada@exemplo.com.br')).statusCode).toBe(200);
    const mail = mailTo('assinada@exemplo.com.br');
    expect(mail.html).not.toContain('/sign?token=');
    expect(mail.text).not.toContain('assinar');
  });

  it('an order without a document (not started) is refused with 409 and nothing is journaled', async () => {
    const { id } = await t.world.createInvoice();
    const res = await send(id, 'a@b.com.br');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ errors: [paperworkMessages.pdfUnavailable] });
    expect((await t.world.admin('GET', `/${id}/emails`)).json().data).toEqual([]);
  });

  it('a company without an e-mail cannot send (422 saying so), and nothing is journaled', async () => {
    const { id } = await startedOrder();
    const companies = schema.companies;
    await t.ctx.database.db.update(companies).set({ email: null }).where(eq(companies.id, t.world.company.id));
    try {
      const res = await send(id, 'a@b.com.br');
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ errors: [recordEmailMessages.noSender] });
      expect((await t.world.admin('GET', `/${id}/emails`)).json().data).toEqual([]);
    } finally {
      await t.ctx.database.db
        .update(companies)
        .set({ email: 'contato@oficina.com.br' })
        .where(eq(companies.id, t.world.company.id));
    }
  });

  it('recipients are checked: 422 on to, nothing sent', async () => {
    const { id } = await startedOrder();
    const bad = await send(id, 'ok@b.com.br, nada');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.to).toEqual(['E-mail inválido: nada']);
    expect((await t.world.admin('GET', `/${id}/emails`)).json().data).toEqual([]);
  });

  it("a collaborator cannot send or read the history (403); another organization's order is a 404", async () => {
    const { id } = await startedOrder();
    await t.world.assignWorker(id);
    expect((await send(id, 'a@b.com.br', t.world.worker)).statusCode).toBe(403);
    expect((await t.world.worker('GET', `/${id}/emails`)).statusCode).toBe(403);
    const theirs = await t.theirs.createInvoice();
    expect((await send(theirs.id, 'a@b.com.br')).statusCode).toBe(404);
    expect((await t.world.admin('GET', `/${theirs.id}/emails`)).statusCode).toBe(404);
  });
});
