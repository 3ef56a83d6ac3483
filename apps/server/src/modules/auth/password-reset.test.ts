import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { passwordResetMessages, userMessages } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { createOrg, perFile } from '../../../test/helpers.ts';
import { testOutbox } from '../../../test/outbox.ts';
import { MAX_RESET_MAILS_PER_HOUR } from './password-reset.ts';

// "Esqueci minha senha": the request always answers alike, the e-mail carries a link that works once
// and for an hour, and the new password ends every session.
const outbox = testOutbox('reset-outbox');
const t = perFile({ app: { mailer: outbox.mailer, config: { appUrl: 'https://app.exemplo.com.br' } } });

let ip = 0;
/** Each call from its own address, so the per-address limit of these routes stays out of the way. */
const post = (url: string, payload: object, remoteAddress = `10.60.0.${++ip}`) =>
  t.ctx.app.inject({ method: 'POST', url, payload, remoteAddress });
const ask = (email: string, remoteAddress?: string) => post('/api/password-reset', { email }, remoteAddress);
const confirm = (token: string, password: string) => post('/api/password-reset/confirm', { token, password });
const login = (username: string, password: string) => post('/api/login', { username, password });

const { mailsTo, waitFor: waitForMails } = outbox;
const tokenIn = (mail: string) =>
  decodeURIComponent(/https:\/\/app\.exemplo\.com\.br\/reset-password\?token=([^\s"<]+)/.exec(mail)![1]!);

describe('password recovery', () => {
  it('answers 202 with the same words whether or not the e-mail is registered; only the owner gets a link', async () => {
    const known = await ask(t.org.worker.email);
    const unknown = await ask('ninguem-mesmo@teste.com.br');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({ message: passwordResetMessages.requested });
    expect(unknown.json()).toEqual(known.json());
    const [mail] = await waitForMails(t.org.worker.email, 1);
    expect(mail).toContain('Recebemos um pedido para criar uma nova senha');
    expect(tokenIn(mail!)).toBeTruthy();
    await new Promise((r) => setTimeout(r, 200));
    expect(mailsTo('ninguem-mesmo@teste.com.br')).toEqual([]);
  });

  it('the link sets the password once, ends the sessions of before, and the old password stops working', async () => {
    const o = await createOrg(t.ctx);
    await ask(o.admin.email);
    const token = tokenIn((await waitForMails(o.admin.email, 1))[0]!);

    const short = await confirm(token, 'curta');
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toEqual([userMessages.passwordTooShort]);

    const done = await confirm(token, 'nova-senha-forte');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: passwordResetMessages.done });
    expect((await login(o.admin.email, 'nova-senha-forte')).statusCode).toBe(200);
    expect((await login(o.admin.email, 'senha-forte-1')).statusCode).toBe(401);
    const me = await t.ctx.app.inject({ method: 'GET', url: '/api/me', headers: o.as(o.admin.token) });
    expect(me.statusCode).toBe(401);

    const again = await confirm(token, 'outra-senha-forte');
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({ errors: [passwordResetMessages.linkInvalid] });
    expect((await login(o.admin.email, 'nova-senha-forte')).statusCode).toBe(200);
  });

  it('two uses of one link at once: exactly one sets the password', async () => {
    const o = await createOrg(t.ctx);
    await ask(o.worker.email);
    const token = tokenIn((await waitForMails(o.worker.email, 1))[0]!);
    const answers = await Promise.all([confirm(token, 'primeira-senha-1'), confirm(token, 'segunda-senha-2')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 410]);
  });

  it('a late, altered or foreign-purpose link is 410 and changes nothing', async () => {
    const o = await createOrg(t.ctx);
    const [user] = await t.ctx.database.db.select().from(schema.users).where(eq(schema.users.id, o.admin.id));
    const late = await t.ctx.app.links.sign('password-reset', { uid: user!.id, ver: user!.tokenVersion }, -10);
    const otherPurpose = await t.ctx.app.links.sign('login-unlock', { uid: user!.id, ver: user!.tokenVersion }, 600);
    const good = await t.ctx.app.links.sign('password-reset', { uid: user!.id, ver: user!.tokenVersion }, 600);
    for (const token of [late, otherPurpose, good.slice(0, -3) + 'abc', 'lixo']) {
      const res = await confirm(token, 'senha-nova-123');
      expect(res.statusCode, token).toBe(410);
    }
    expect((await login(o.admin.email, 'senha-forte-1')).statusCode).toBe(200);
  });

  it('a deactivated user gets no e-mail, and a link sent before does not work', async () => {
    const o = await createOrg(t.ctx);
    await ask(o.worker.email);
    const token = tokenIn((await waitForMails(o.worker.email, 1))[0]!);
    await t.ctx.database.db.update(schema.users).set({ isActive: false }).where(eq(schema.users.id, o.worker.id));
    expect((await confirm(token, 'senha-nova-123')).statusCode).toBe(410);
    await ask(o.worker.email);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(o.worker.email)).toHaveLength(1);
  });

  it(`at most ${MAX_RESET_MAILS_PER_HOUR} e-mails an hour per address; too many requests from one address: 429`, async () => {
    const o = await createOrg(t.ctx);
    for (let i = 0; i < MAX_RESET_MAILS_PER_HOUR + 2; i++) expect((await ask(o.admin.email)).statusCode).toBe(202);
    await waitForMails(o.admin.email, MAX_RESET_MAILS_PER_HOUR);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(o.admin.email)).toHaveLength(MAX_RESET_MAILS_PER_HOUR);

    const answers = [];
    for (let i = 0; i < 11; i++) answers.push((await ask('qualquer@teste.com.br', '10.61.0.1')).statusCode);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(202));
    expect(answers[10]).toBe(429);
  });

  it('422 for a malformed e-mail', async () => {
    const res = await ask('nao-e-email');
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['email']);
  });
});
