import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { messages } from '@ordem-certa/contracts';
import { createMailer } from '../../lib/mailer.ts';
import { createOrg, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { accountWaitSeconds, MAX_ACCOUNT_WAIT_SECONDS, MAX_FAILURES_PER_ACCOUNT } from './auth.service.ts';

// Strangers guessing one account's password from many addresses hold it: new addresses wait
// between tries, the owner is e-mailed a link that skips the wait. Nobody is locked out.
let ctx: TestContext;
const outboxDir = mkdtempSync(join(tmpdir(), 'unlock-outbox-'));
beforeAll(async () => {
  ctx = await createTestApp({ mailer: createMailer({ outboxDir }), config: { appUrl: 'https://app.exemplo.com.br' } });
});
afterAll(() => ctx.close());

const login = (username: string, password: string, ip: string, unlock?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password, ...(unlock ? { unlock } : {}) },
    remoteAddress: ip,
  });

/** The account's failures made older, as if the wait had passed. */
const age = (email: string, seconds: number) =>
  ctx.database.db.execute(
    sql`UPDATE login_attempts SET created_at = created_at - make_interval(secs => ${seconds}) WHERE email = ${email}`,
  );

/**
 * The account's failures made just now, so a check of "still held" does not depend on how fast a
 * loaded machine got here since the last real failure.
 */
const fresh = (email: string) =>
  ctx.database.db.execute(sql`UPDATE login_attempts SET created_at = now() WHERE email = ${email} AND NOT succeeded`);

/** Quoted-printable (bodies) and Q-encoded words (headers) back to text. */
const qp = (s: string) =>
  Buffer.from(
    s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
const decode = (m: string) => qp(m.replace(/=\?UTF-8\?Q\?(.*?)\?=\s*/gi, (_, w: string) => w.replace(/_/g, ' ')));

/** Decoded text of the e-mails written so far to `to`. */
const mailsTo = (to: string) =>
  readdirSync(outboxDir)
    .map((f) => readFileSync(join(outboxDir, f), 'utf8'))
    .filter((m) => m.includes(`To: ${to}`))
    .map(decode);

async function waitForMail(to: string) {
  for (let i = 0; i < 100; i++) {
    const found = mailsTo(to);
    if (found.length) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  return mailsTo(to);
}

async function holdAccount(email: string, prefix: string) {
  for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
    expect((await login(email, 'errada', `${prefix}.${i}`)).statusCode).toBe(401);
  }
}

describe('an account guessed at from many addresses', () => {
  it('waits grow from 2 s to a minute', () => {
    expect(accountWaitSeconds(MAX_FAILURES_PER_ACCOUNT - 1)).toBe(0);
    expect(accountWaitSeconds(MAX_FAILURES_PER_ACCOUNT)).toBe(2);
    expect(accountWaitSeconds(MAX_FAILURES_PER_ACCOUNT + 1)).toBe(4);
    expect(accountWaitSeconds(MAX_FAILURES_PER_ACCOUNT + 40)).toBe(MAX_ACCOUNT_WAIT_SECONDS);
  });

  it('holds a new address only until the wait has passed: then the owner gets in with the right password', async () => {
    const o = await createOrg(ctx);
    await holdAccount(o.admin.email, '10.20.0');
    await fresh(o.admin.email);
    const held = await login(o.admin.email, 'senha-forte-1', '10.21.0.1');
    expect(held.statusCode).toBe(429);
    expect(held.json()).toEqual({ errors: [messages.loginAccountHeld] });
    await age(o.admin.email, accountWaitSeconds(MAX_FAILURES_PER_ACCOUNT) + 1);
    expect((await login(o.admin.email, 'senha-forte-1', '10.21.0.1')).statusCode).toBe(200);
  });

  it('each failure past the threshold makes the next new address wait longer', async () => {
    const o = await createOrg(ctx);
    await holdAccount(o.worker.email, '10.22.0');
    await age(o.worker.email, 3);
    // 3 s after the 10th failure a new address may try (wait 2 s); its failure makes the wait 4 s.
    expect((await login(o.worker.email, 'errada', '10.23.0.1')).statusCode).toBe(401);
    // 3 s after it the wait (4 s) is not over; 5 s after, it is.
    await fresh(o.worker.email);
    await age(o.worker.email, 3);
    expect((await login(o.worker.email, 'senha-forte-1', '10.23.0.2')).statusCode).toBe(429);
    await age(o.worker.email, 2);
    expect((await login(o.worker.email, 'senha-forte-1', '10.23.0.2')).statusCode).toBe(200);
  });

  it('e-mails the owner once a link that skips the wait; the link works for that e-mail only', async () => {
    const o = await createOrg(ctx);
    const other = await createOrg(ctx);
    await holdAccount(o.admin.email, '10.24.0');
    expect((await login(o.admin.email, 'senha-forte-1', '10.25.0.1')).statusCode).toBe(429);
    const [mail, ...more] = await waitForMail(o.admin.email);
    expect(more).toEqual([]);
    expect(mail).toContain('Subject: Ordem Certa: desbloqueie o acesso à sua conta');
    expect(mail).toContain('Houve muitas tentativas erradas de entrar na sua conta');
    const token = decodeURIComponent(/https:\/\/app\.exemplo\.com\.br\/login\?desbloqueio=([^\s"<]+)/.exec(mail!)![1]!);

    // Held tries meanwhile send no second e-mail.
    await fresh(o.admin.email);
    expect((await login(o.admin.email, 'senha-forte-1', '10.25.0.2')).statusCode).toBe(429);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(o.admin.email)).toHaveLength(1);

    // Another account's link, or an altered one, changes nothing.
    await holdAccount(other.admin.email, '10.26.0');
    expect((await login(other.admin.email, 'senha-forte-1', '10.27.0.1', token)).statusCode).toBe(429);
    await fresh(o.admin.email);
    expect((await login(o.admin.email, 'senha-forte-1', '10.25.0.3', token.slice(0, -2) + 'xx')).statusCode).toBe(429);

    // With the link the owner gets in from a new address at once; the password is still checked.
    expect((await login(o.admin.email, 'errada', '10.25.0.4', token)).statusCode).toBe(401);
    expect((await login(o.admin.email, 'senha-forte-1', '10.25.0.4', token)).statusCode).toBe(200);
  });

  it('an e-mail that is nobody’s is held alike but gets no mail', async () => {
    const email = 'ninguem-aqui@teste.com.br';
    await holdAccount(email, '10.28.0');
    const held = await login(email, 'qualquer', '10.29.0.1');
    expect(held.statusCode).toBe(429);
    expect(held.json()).toEqual({ errors: [messages.loginAccountHeld] });
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(email)).toEqual([]);
  });
});
