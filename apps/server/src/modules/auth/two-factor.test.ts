import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ROLE_ADMIN, ROLE_USER, twoFactorMessages } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { addUser, createOrg, perFile, type TestOrg } from '../../../test/helpers.ts';
import { testOutbox } from '../../../test/outbox.ts';
import { totpCode } from '../../core/access/two-factor.ts';
import { MAX_CODES_PER_CHALLENGE, MAX_CODES_PER_USER, REMEMBER_COOKIE } from './login-two-factor.ts';

// Two-step sign-in: enrol with a QR, confirm with a first code, then every login asks for a code from
// the app (±30 s of clock drift, each code once) or a recovery code (each once), with wrong codes limited.
const outbox = testOutbox('two-factor-outbox');
const t = perFile({ app: { mailer: outbox.mailer }, other: true });

let ip = 0;
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.ctx.app.inject({
    method: 'POST',
    url,
    payload,
    headers,
    remoteAddress: `10.71.${Math.floor(++ip / 250)}.${ip % 250}`,
  });
const login = (username: string, headers?: Record<string, string>) =>
  post('/api/login', { username, password: 'senha-forte-1' }, headers);
const second = (challenge: string, code: string, remember = false) =>
  post('/api/login/two-factor', { challenge, code, remember });
const profile = (o: TestOrg, token: string, method: 'GET' | 'POST' | 'DELETE', path = '', payload?: object) =>
  t.ctx.app.inject({
    method,
    url: `/api/organizations/${o.organization.id}/profile/two-factor${path}`,
    headers: o.as(token),
    ...(payload ? { payload } : {}),
  });

let seq = 0;
async function person(o: TestOrg = t.org, role = ROLE_USER) {
  const email = `dois-${Date.now().toString(36)}-${++seq}@teste.com.br`;
  const user = await addUser(t.ctx, o.organization.id, { name: 'Rita Duas', email, role });
  return { ...user, email };
}

/** Enrols `p`, confirming with a code from a clock 30 s behind; answers the secret and recovery codes. */
async function enrol(p: { token: string }, o: TestOrg = t.org) {
  const setup = await profile(o, p.token, 'POST');
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, otpauthUrl, qrSvg } = setup.json();
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Ordem%20Certa:.+\?.*secret=/);
  expect(qrSvg).toMatch(/^<svg/);
  const confirmed = await profile(o, p.token, 'POST', '/confirm', { code: totpCode(secret, Date.now() - 30_000) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const { recoveryCodes } = confirmed.json() as { recoveryCodes: string[] };
  return { secret: secret as string, recoveryCodes };
}

async function challengeFor(email: string) {
  const res = await login(email);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ twoFactorRequired: true, enrolmentRequired: false });
  expect(res.json().token).toBeUndefined();
  return res.json().challenge as string;
}

describe('two-step sign-in: enrolment and login', () => {
  it('401 without a token; the secret only counts after a right first code', async () => {
    expect(
      (
        await t.ctx.app.inject({
          method: 'POST',
          url: `/api/organizations/${t.org.organization.id}/profile/two-factor`,
        })
      ).statusCode,
    ).toBe(401);
    const p = await person();
    const { secret } = (await profile(t.org, p.token, 'POST')).json();
    // Not confirmed: a login still gives the token at once.
    expect((await login(p.email)).json().token).toEqual(expect.any(String));
    const wrong = await profile(t.org, p.token, 'POST', '/confirm', { code: totpCode(secret, Date.now() - 120_000) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toEqual([twoFactorMessages.codeInvalid]);
    expect((await profile(t.org, p.token, 'GET')).json()).toMatchObject({ enabled: false });
  });

  it('confirms, keeps the secret sealed and recovery codes hashed, and asks for a code at login', async () => {
    const p = await person();
    const { secret, recoveryCodes } = await enrol(p);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const [row] = await t.ctx.database.db.select().from(schema.users).where(eq(schema.users.id, p.id));
    expect(row!.totpSecret).not.toContain(secret);
    const stored = await t.ctx.database.db
      .select()
      .from(schema.userRecoveryCodes)
      .where(eq(schema.userRecoveryCodes.userId, p.id));
    expect(stored).toHaveLength(10);
    for (const code of recoveryCodes) expect(stored.map((s) => s.codeHash)).not.toContain(code);
    expect((await profile(t.org, p.token, 'GET')).json()).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });

    // A code from a clock 30 s ahead, then one of now: both work, each once; 90 s off does not.
    const ahead = totpCode(secret, Date.now() + 30_000);
    const ok = await second(await challengeFor(p.email), ahead);
    expect(ok.statusCode, ok.body).toBe(200);
    const me = await t.ctx.app.inject({ method: 'GET', url: '/api/me', headers: t.org.as(ok.json().token) });
    expect(me.statusCode).toBe(200);
    expect((await second(await challengeFor(p.email), ahead)).statusCode).toBe(422);
    const far = await second(await challengeFor(p.email), totpCode(secret, Date.now() + 90_000));
    expect(far.statusCode).toBe(422);
    expect(far.json().errors.code).toEqual([twoFactorMessages.codeInvalid]);
  });

  it('a challenge works once, and a recovery code works once', async () => {
    const p = await person();
    const { recoveryCodes } = await enrol(p);
    const challenge = await challengeFor(p.email);
    const first = await second(challenge, recoveryCodes[0]!.toUpperCase());
    expect(first.statusCode, first.body).toBe(200);
    expect((await second(challenge, recoveryCodes[1]!)).statusCode).toBe(401);
    const again = await second(await challengeFor(p.email), recoveryCodes[0]!);
    expect(again.statusCode).toBe(422);
    expect((await profile(t.org, p.token, 'GET')).json().recoveryCodesLeft).toBe(9);
  });

  it(`limits wrong codes: ${MAX_CODES_PER_CHALLENGE} per challenge, ${MAX_CODES_PER_USER} per user`, async () => {
    const p = await person();
    const { secret } = await enrol(p);
    const challenge = await challengeFor(p.email);
    for (let i = 0; i < MAX_CODES_PER_CHALLENGE; i++) expect((await second(challenge, '000000')).statusCode).toBe(422);
    const over = await second(challenge, totpCode(secret));
    expect(over.statusCode).toBe(429);
    expect(over.json().errors).toEqual([twoFactorMessages.tooManyCodes]);
    expect((await second(challenge, totpCode(secret))).statusCode).toBe(401);
    // A new password step buys a new challenge but not more guesses for the user.
    const next = await challengeFor(p.email);
    for (let i = MAX_CODES_PER_CHALLENGE; i < MAX_CODES_PER_USER; i++) await second(next, '000000');
    expect((await second(await challengeFor(p.email), totpCode(secret))).statusCode).toBe(429);
    const failures = await t.ctx.database.db
      .select()
      .from(schema.signInEvents)
      .where(and(eq(schema.signInEvents.userId, p.id), eq(schema.signInEvents.outcome, 'wrong_code')));
    expect(failures).toHaveLength(MAX_CODES_PER_USER);
  });

  it('"Lembrar este navegador": the httpOnly cookie skips the code on this browser only', async () => {
    const p = await person();
    const { secret } = await enrol(p);
    const res = await second(await challengeFor(p.email), totpCode(secret), true);
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^${REMEMBER_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Path=\/api\/login/);
    const value = cookie.split(';')[0]!;
    expect((await login(p.email, { cookie: value })).json().token).toEqual(expect.any(String));
    // Another user's login does not take it, nor does a tampered one.
    const other = await person();
    await enrol(other);
    expect((await login(other.email, { cookie: value })).json().twoFactorRequired).toBe(true);
    expect((await login(p.email, { cookie: `${value}x` })).json().twoFactorRequired).toBe(true);
  });

  it('turning it off needs the password and a code', async () => {
    const p = await person();
    const { secret } = await enrol(p);
    const noPassword = await profile(t.org, p.token, 'DELETE', '', { password: 'errada', code: totpCode(secret) });
    expect(noPassword.statusCode).toBe(422);
    expect(noPassword.json().errors.password).toEqual([twoFactorMessages.wrongPassword]);
    const noCode = await profile(t.org, p.token, 'DELETE', '', { password: 'senha-forte-1', code: '123' });
    expect(noCode.statusCode).toBe(422);
    const off = await profile(t.org, p.token, 'DELETE', '', { password: 'senha-forte-1', code: totpCode(secret) });
    expect(off.statusCode, off.body).toBe(204);
    expect((await login(p.email)).json().token).toEqual(expect.any(String));
  });
});

describe('two-step sign-in: the organization requires it', () => {
  /** PUT organization (its name and rule) as the user of `token`. */
  const putOrganization = (o: TestOrg, token: string, payload: { name: string; twoFactor: string }) =>
    t.ctx.app.inject({ method: 'PUT', url: `/api/organizations/${o.organization.id}`, headers: o.as(token), payload });

  it("'admins': an admin without it enrols after the password; a technician is not asked", async () => {
    const o = await createOrg(t.ctx);
    const put = await putOrganization(o, o.admin.token, { name: 'Org exigente', twoFactor: 'admins' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().twoFactor).toBe('admins');

    const first = await login(o.admin.email);
    expect(first.json()).toMatchObject({ twoFactorRequired: true, enrolmentRequired: true });
    const setup = await post('/api/login/two-factor/setup', { challenge: first.json().challenge });
    expect(setup.statusCode, setup.body).toBe(200);
    const done = await second(first.json().challenge, totpCode(setup.json().secret));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().recoveryCodes).toHaveLength(10);
    expect(done.json().token).toEqual(expect.any(String));
    // Required: it cannot be turned off.
    const off = await profile(o, done.json().token, 'DELETE', '', {
      password: 'senha-forte-1',
      code: done.json().recoveryCodes[0],
    });
    expect(off.json().errors.code).toEqual([twoFactorMessages.requiredByOrganization]);

    expect((await login(o.worker.email)).json().token).toEqual(expect.any(String));
  });

  it("only an admin changes the organization's rule", async () => {
    const res = await putOrganization(t.org, t.org.worker.token, { name: 'X', twoFactor: 'everyone' });
    expect(res.statusCode).toBe(403);
    const bad = await putOrganization(t.org, t.org.admin.token, { name: 'X', twoFactor: 'sempre' });
    expect(bad.statusCode).toBe(422);
  });
});

describe('two-step sign-in: an admin resets a user', () => {
  const reset = (o: TestOrg, token: string, userId: number) =>
    t.ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/organizations/${o.organization.id}/users/${userId}/two-factor`,
      headers: o.as(token),
    });

  it('a technician cannot; another organization gets 404; the admin can, audited, and the user is e-mailed', async () => {
    const p = await person();
    await enrol(p);
    expect((await reset(t.org, t.org.worker.token, p.id)).statusCode).toBe(403);
    expect((await reset(t.other, t.other.admin.token, p.id)).statusCode).toBe(404);
    const res = await reset(t.org, t.org.admin.token, p.id);
    expect(res.statusCode, res.body).toBe(204);
    expect((await login(p.email)).json().token).toEqual(expect.any(String));
    const [row] = await t.ctx.database.db
      .select()
      .from(schema.auditLogs)
      .where(and(eq(schema.auditLogs.entity, 'user'), eq(schema.auditLogs.entityId, p.id)));
    expect(row).toMatchObject({ userId: t.org.admin.id, action: 'update' });
    expect(row!.data).toEqual([{ field: 'twoFactor', before: 'on', after: 'off' }]);
    const [mail] = await outbox.waitFor(p.email, 1);
    expect(mail).toContain('removeu a verificação em duas etapas');
  });

  it('an admin with it on is asked too (ROLE_ADMIN)', async () => {
    const admin = await person(t.org, ROLE_ADMIN);
    await enrol(admin);
    expect((await login(admin.email)).json().twoFactorRequired).toBe(true);
  });
});
