import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { ESTIMATE_EMAILS_PER_MINUTE, EstimateStatus, estimateMessages } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { createOrg, createTestApp, type TestContext, type TestOrg } from '../../../test/helpers.ts';
import { estimateWorld, type EstimateWorld } from '../../../test/estimate-fixtures.ts';
import { pdfText } from '@ordem-certa/test-support/pdf-text';
import { createMailer } from '../../lib/mailer.ts';
import { buildApp } from '../../app.ts';

// E-mailing an estimate: a real SMTP server on loopback receives the message and its PDF; without
// SMTP the message is an .eml in the outbox; every send is recorded before it is attempted.
let ctx: TestContext;
let org: TestOrg;
let w: EstimateWorld;
let smtp: SMTPServer;
let port: number;
const received: Array<{ from: string; to: string[]; mail: ParsedMail }> = [];
let smtpApp: Awaited<ReturnType<typeof buildApp>>;
let outboxApp: Awaited<ReturnType<typeof buildApp>>;
const outboxDir = mkdtempSync(join(tmpdir(), 'outbox-'));

beforeAll(async () => {
  ctx = await createTestApp();
  org = await createOrg(ctx);
  w = await estimateWorld(ctx, org);
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            mail,
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as { port: number }).port;
  const common = {
    database: ctx.database,
    serveWeb: false,
    config: { jwtSecret: 'test-secret', tokenTtlSeconds: 3600, loginRateLimitPerMinute: 1000, dataDir: '/tmp' },
  };
  smtpApp = await buildApp({
    ...common,
    mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir }),
  });
  outboxApp = await buildApp({ ...common, mailer: createMailer({ outboxDir }), mailFrom: 'orcamentos@oficina.com.br' });
  await db()
    .update(schema.companies)
    .set({
      email: 'contato@oficina.com.br',
      emailSubject: 'Orçamento {{numero}} para {{cliente}}',
      emailBody: '<p>Olá, {{cliente}}! Segue o orçamento nº {{numero}} da {{empresa}}.</p>',
      emailSignature: '<p><strong>Equipe</strong></p>',
    })
    .where(eq(schema.companies.id, w.company.id));
});
afterAll(async () => {
  await smtpApp.close();
  await outboxApp.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await ctx.close();
});
const db = () => ctx.database.db;

async function quote() {
  const e = await w.createEstimate();
  await w.ok('POST', `/${e.id}/services`, { service: w.service.id, quantity: 2 });
  await w.moveTo(e.id, EstimateStatus.Wip);
  return e;
}
const send = (app: typeof smtpApp, id: number, to: string) =>
  app.inject({ method: 'POST', url: w.url(`/${id}/email`), headers: org.as(org.admin.token), payload: { to } });

describe('e-mail', () => {
  it('sends through SMTP the filled template with the estimate PDF attached, and records it as sent', async () => {
    const e = await quote();
    const res = await send(smtpApp, e.id, 'cliente@exemplo.com.br, Outro@Exemplo.com.br, cliente@EXEMPLO.com.br');
    expect(res.statusCode).toBe(200);
    const subject = `Orçamento ${e.number} para ${w.customer.name}`;
    expect(res.json()).toMatchObject({
      subject,
      status: 'sent',
      to: ['cliente@exemplo.com.br', 'Outro@Exemplo.com.br'],
    });

    expect(received).toHaveLength(1);
    const { to, from, mail } = received[0]!;
    // The envelope carries the domains in lower case.
    expect(to).toEqual(['cliente@exemplo.com.br', 'Outro@exemplo.com.br']);
    expect(from).toBe('contato@oficina.com.br');
    expect(mail.subject).toBe(subject);
    expect(mail.html).toContain(`Olá, ${w.customer.name}! Segue o orçamento nº ${e.number} da ${w.company.name}.`);
    expect(mail.html).toContain('<strong>Equipe</strong>');
    expect(mail.attachments).toHaveLength(1);
    const [pdf] = mail.attachments;
    expect(pdf!.filename).toBe(`Orcamento-${e.number}.pdf`);
    expect(pdf!.contentType).toBe('application/pdf');
    const text = pdfText(pdf!.content);
    expect(text).toContain(`Nº ${e.number}`);
    expect(text).toContain('Limpeza de split');

    const emails = await w.ok('GET', `/${e.id}/emails`);
    expect(emails.data).toEqual([expect.objectContaining({ subject, status: 'sent', userName: 'Admin Teste' })]);
    const [row] = await db().select().from(schema.estimateEmails).where(eq(schema.estimateEmails.estimateId, e.id));
    expect(row!.messageId).toBeTruthy();
    expect(row!.finishedAt).not.toBeNull();
  });

  it('awaiting approval it carries the approval link, and the template its placeholders; a draft has none', async () => {
    await db()
      .update(schema.companies)
      .set({
        alias: 'Clima Fácil',
        emailSubject: 'Orçamento {{numero}} — {{empresa}}',
        emailBody: '<p>Oi {{primeiro_nome}}, total {{total}} até {{validade}}.</p>',
      })
      .where(eq(schema.companies.id, w.company.id));
    try {
      const e = await quote();
      expect((await send(smtpApp, e.id, 'link@exemplo.com.br')).statusCode).toBe(200);
      const { mail } = received.find((r) => r.to.includes('link@exemplo.com.br'))!;
      // The link the office would share: working, and the one the estimate now has.
      const detail = await w.ok('GET', `/${e.id}`);
      expect(detail.share?.url).toMatch(new RegExp(`^/estimates/${e.id}/review\\?token=`));
      const url = `http://localhost:80${detail.share.url}`;
      expect(mail.html).toContain(`href="${url.replaceAll('&', '&amp;')}"`);
      expect(mail.text).toContain(url);
      const first = w.customer.name.split(' ')[0]!;
      const validity = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(
        new Date(detail.share.expiresAt),
      );
      expect(mail.text).toContain(`Oi ${first}, total R$\u00a0${'360,00'} até ${validity}.`);
      // The company by its nome fantasia, accents kept, in the subject and as the sender's name.
      expect(mail.subject).toBe(`Orçamento ${e.number} — Clima Fácil`);
      expect(mail.from!.value).toEqual([{ name: 'Clima Fácil', address: 'contato@oficina.com.br' }]);
      const token = new URL(url).searchParams.get('token')!;
      const page = await ctx.app.inject({ method: 'GET', url: `/api/public/estimates/${e.id}?token=${token}` });
      expect(page.statusCode, page.body).toBe(200);

      // A draft e-mailed stays a draft and goes without a link.
      const draft = await w.createEstimate();
      await w.ok('POST', `/${draft.id}/services`, { service: w.service.id, quantity: 1 });
      expect((await send(smtpApp, draft.id, 'rascunho@exemplo.com.br')).statusCode).toBe(200);
      const sent = received.find((r) => r.to.includes('rascunho@exemplo.com.br'))!.mail;
      expect(sent.text).not.toContain('/review?token=');
      expect((await w.ok('GET', `/${draft.id}`)).share).toBeNull();
    } finally {
      await db()
        .update(schema.companies)
        .set({
          alias: w.company.alias ?? null,
          emailSubject: 'Orçamento {{numero}} para {{cliente}}',
          emailBody: '<p>Olá, {{cliente}}! Segue o orçamento nº {{numero}} da {{empresa}}.</p>',
        })
        .where(eq(schema.companies.id, w.company.id));
    }
  });

  it('a company name cannot choose the sender: the From header keeps the configured address alone', async () => {
    const evil = 'Evil <attacker@x.com>, "a" <b@c.d>';
    const [company] = await db()
      .update(schema.companies)
      .set({ name: evil })
      .where(eq(schema.companies.id, w.company.id))
      .returning({ name: schema.companies.name });
    expect(company!.name).toBe(evil);
    try {
      const e = await quote();
      expect((await send(smtpApp, e.id, 'a@b.com.br')).statusCode).toBe(200);
      const { from, mail } = received.at(-1)!;
      expect(from).toBe('contato@oficina.com.br');
      // One sender, the company's address, with the whole name as its display name.
      expect(mail.from!.value).toEqual([{ name: evil, address: 'contato@oficina.com.br' }]);
      expect(mail.headers.get('sender')).toBeUndefined();
    } finally {
      await db().update(schema.companies).set({ name: w.company.name }).where(eq(schema.companies.id, w.company.id));
    }
  });

  it('a customer name in the template cannot inject HTML', async () => {
    const [customer] = await db()
      .insert(schema.customers)
      .values({
        organizationId: org.organization.id,
        type: 2,
        identifier: '52998224725',
        name: 'Zé <img src=x onerror=alert(1)>',
      })
      .returning();
    const e = await w.createEstimate(customer!.id);
    await w.moveTo(e.id, EstimateStatus.Wip);
    expect((await send(smtpApp, e.id, 'a@b.com.br')).statusCode).toBe(200);
    const { mail } = received.at(-1)!;
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('Zé &lt;img');
  });

  it('without SMTP writes the whole message as an .eml under the outbox and records it as written', async () => {
    const e = await quote();
    const res = await send(outboxApp, e.id, 'cliente@exemplo.com.br');
    expect(res.json()).toMatchObject({ status: 'written' });
    const [row] = await db().select().from(schema.estimateEmails).where(eq(schema.estimateEmails.estimateId, e.id));
    expect(readdirSync(outboxDir)).toContain(row!.outboxFile);
    // Owner-only whatever the process's umask (this one's lets others read).
    expect(statSync(join(outboxDir, row!.outboxFile!)).mode & 0o077).toBe(0);
    const mail = await simpleParser(readFileSync(join(outboxDir, row!.outboxFile!)));
    expect(mail.from?.text).toContain('orcamentos@oficina.com.br');
    expect(mail.attachments[0]!.contentType).toBe('application/pdf');
  });

  it('a failed send is recorded as failed (502), after having been recorded before the attempt', async () => {
    const e = await quote();
    const closedPort = port; // a server that is gone: connection refused
    const broken = await buildApp({
      database: ctx.database,
      serveWeb: false,
      config: { jwtSecret: 'test-secret', tokenTtlSeconds: 3600, loginRateLimitPerMinute: 1000, dataDir: '/tmp' },
      mailer: {
        kind: 'smtp',
        async send() {
          // What the row looks like while the message is in flight.
          const [inFlight] = await db()
            .select()
            .from(schema.estimateEmails)
            .where(eq(schema.estimateEmails.estimateId, e.id));
          expect(inFlight!.status).toBe('queued');
          throw new Error(`connect ECONNREFUSED 127.0.0.1:${closedPort + 1}`);
        },
      },
    });
    const res = await send(broken, e.id, 'cliente@exemplo.com.br');
    await broken.close();
    expect(res.statusCode).toBe(502);
    const emails = await w.ok('GET', `/${e.id}/emails`);
    expect(emails.data).toEqual([
      expect.objectContaining({ status: 'failed', error: expect.stringContaining('ECONNREFUSED') }),
    ]);
  });

  it('at most 30 e-mails a minute per organization, then 429 with its message; another organization is not held', async () => {
    const busy = await createOrg(ctx);
    const bw = await estimateWorld(ctx, busy);
    // An unknown estimate answers 404 but still counts: the limit is on the attempts.
    const attempt = (o: TestOrg, world: EstimateWorld) =>
      outboxApp.inject({
        method: 'POST',
        url: world.url('/999999999/email'),
        headers: o.as(o.admin.token),
        payload: { to: 'cliente@exemplo.com.br' },
      });
    for (let i = 0; i < ESTIMATE_EMAILS_PER_MINUTE; i++) expect((await attempt(busy, bw)).statusCode).toBe(404);
    const held = await attempt(busy, bw);
    expect(held.statusCode).toBe(429);
    expect(held.json()).toEqual({ errors: [estimateMessages.emailsTooFast] });
    expect((await attempt(org, w)).statusCode).toBe(404);
  });

  it('recipients: at least one, valid, no duplicates', async () => {
    const e = await quote();
    const empty = await send(smtpApp, e.id, ' , ');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.to).toEqual(['Adicione pelo menos um destinatário']);
    const bad = await send(smtpApp, e.id, 'ok@b.com.br, nada');
    expect(bad.json().errors.to).toEqual(['E-mail inválido: nada']);
    expect((await w.ok('GET', `/${e.id}/emails`)).data).toEqual([]);
  });

  it("goes in every status; a draft's PDF is marked as a draft; no workflow state is printed or written", async () => {
    for (const [status, printed] of [
      [EstimateStatus.Draft, 'RASCUNHO'],
      [EstimateStatus.Wip, 'Aguardando aprovação'],
      [EstimateStatus.Completed, 'Aprovado'],
      [EstimateStatus.Canceled, 'Cancelado'],
    ] as const) {
      const e = await w.createEstimate();
      await w.ok('POST', `/${e.id}/services`, { service: w.service.id, quantity: 1 });
      await w.moveTo(e.id, status);
      const address = `status${status}@exemplo.com.br`.replace('-', 'm');
      const res = await send(smtpApp, e.id, address);
      expect(res.statusCode, String(status)).toBe(200);
      const { mail } = received.find((r) => r.to.includes(address))!;
      const lines = pdfText(mail.attachments[0]!.content).split('\n');
      expect(lines, String(status)).toContain(printed);
      expect(lines.includes('RASCUNHO DE ORÇAMENTO'), String(status)).toBe(status === EstimateStatus.Draft);
      const everything = [mail.subject, mail.text, mail.html, ...lines].join('\n');
      expect(everything).not.toMatch(/Em Andamento|Concluído/);
    }
  });
});
