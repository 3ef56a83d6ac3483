import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { builtInRoles, messages, noFeatures, permissionNames, tokenPayload } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { eq } from 'drizzle-orm';
import { createOrg, perFile } from '../../../test/helpers.ts';
import { MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_ACCOUNT_AND_SOURCE, pruneNow } from './auth.service.ts';

const t = perFile();

const login = (username: string, password: string, ip = '10.0.0.1') =>
  t.ctx.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress: ip });

describe('POST /api/login', () => {
  it('returns a JWT carrying the user, roles, organization and expiry', async () => {
    const res = await login('admin@demo.com.br', 'demo1234');
    expect(res.statusCode).toBe(200);
    const token = res.json().token as string;
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(tokenPayload.parse(payload)).toMatchObject({
      name: 'Ana Administradora',
      email: 'admin@demo.com.br',
      roles: ['ROLE_ADMIN'],
      organizationId: 1,
    });
    expect(payload.exp).toBeGreaterThan(Date.now() / 1000);
  });

  it('no answer of the login is kept by a cache (Cache-Control: no-store), a refusal neither', async () => {
    const ok = await login('admin@demo.com.br', 'demo1234', '10.0.0.9');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    const wrong = await login('admin@demo.com.br', 'errada', '10.0.0.9');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['cache-control']).toBe('no-store');
  });

  it('accepts the e-mail in any case', async () => {
    expect((await login('TECNICO@Demo.com.br', 'demo1234')).statusCode).toBe(200);
  });

  it('401 with the pt-BR message on a wrong password or unknown user', async () => {
    const wrong = await login('admin@demo.com.br', 'errada', '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ errors: [messages.loginUnauthorized] });
    expect((await login('ninguem@demo.com.br', 'demo1234', '10.0.0.2')).statusCode).toBe(401);
  });

  it('422 per field on an empty body', async () => {
    const res = await t.ctx.app.inject({ method: 'POST', url: '/api/login', payload: {} });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['password', 'username']);
  });

  it('limits wrong passwords per account and address (429 even for the right one); another address still gets in', async () => {
    const o = await createOrg(t.ctx);
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_SOURCE; i++) {
      expect((await login(o.worker.email, 'errada', '10.1.0.1')).statusCode).toBe(401);
    }
    const blocked = await login(o.worker.email, 'senha-forte-1', '10.1.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ errors: [messages.loginTooMany] });
    // Someone else's guesses do not lock the owner out.
    expect((await login(o.worker.email, 'senha-forte-1', '10.1.0.2')).statusCode).toBe(200);
  });

  it('many wrong passwords from many addresses hold back new addresses, not one the account used before', async () => {
    const o = await createOrg(t.ctx);
    expect((await login(o.admin.email, 'senha-forte-1', '10.3.0.1')).statusCode).toBe(200);
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await login(o.admin.email, 'errada', `10.4.0.${i}`)).statusCode).toBe(401);
    }
    const held = await login(o.admin.email, 'senha-forte-1', '10.5.0.1');
    expect(held.statusCode).toBe(429);
    expect(held.json()).toEqual({ errors: [messages.loginAccountHeld] });
    expect((await login(o.admin.email, 'senha-forte-1', '10.3.0.1')).statusCode).toBe(200);
  });

  it('100 wrong passwords at once are judged one by one: exactly the allowed number is tried', async () => {
    const o = await createOrg(t.ctx);
    const answers = await Promise.all(Array.from({ length: 100 }, () => login(o.worker.email, 'errada', '10.6.0.1')));
    const tried = answers.filter((r) => r.statusCode === 401).length;
    expect(tried).toBe(MAX_FAILURES_PER_ACCOUNT_AND_SOURCE);
    expect(answers.filter((r) => r.statusCode === 429).length).toBe(100 - tried);
    const rows = await t.ctx.database.db
      .select()
      .from(schema.loginAttempts)
      .where(eq(schema.loginAttempts.email, o.worker.email));
    expect(rows.length).toBe(MAX_FAILURES_PER_ACCOUNT_AND_SOURCE);
  }, 60_000);

  it('old attempts are pruned', async () => {
    const old = new Date(Date.now() - 2 * 86_400_000);
    await t.ctx.database.db
      .insert(schema.loginAttempts)
      .values({ email: 'velho@teste.com.br', ip: '10.7.0.1', succeeded: false, createdAt: old });
    pruneNow();
    await login('qualquer@teste.com.br', 'errada', '10.7.0.2');
    const rows = await t.ctx.database.db
      .select()
      .from(schema.loginAttempts)
      .where(eq(schema.loginAttempts.email, 'velho@teste.com.br'));
    expect(rows).toEqual([]);
  });

  it('limits failed attempts per IP across accounts (429)', async () => {
    for (let i = 0; i < 30; i++) await login(`x${i}@nowhere.com`, 'errada', '10.9.9.9');
    expect((await login('admin@demo.com.br', 'demo1234', '10.9.9.9')).statusCode).toBe(429);
    expect((await login('admin@demo.com.br', 'demo1234', '10.9.9.8')).statusCode).toBe(200);
  });

  it('refuses a deactivated user, at login and with a token issued before', async () => {
    const other = await createOrg(t.ctx);
    await t.ctx.database.db.update(schema.users).set({ isActive: false }).where(eq(schema.users.id, other.worker.id));
    expect((await login(other.worker.email, 'senha-forte-1', '10.2.0.1')).statusCode).toBe(401);
    const me = await t.ctx.app.inject({ url: '/api/me', headers: other.as(other.worker.token) });
    expect(me.statusCode).toBe(401);
  });
});

describe('GET /api/me', () => {
  it('401 without a token', async () => {
    const res = await t.ctx.app.inject({ url: '/api/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().errors).toHaveLength(1);
  });

  it('returns the user and the organization feature flags', async () => {
    const res = await t.ctx.app.inject({ url: '/api/me', headers: t.org.as(t.org.worker.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: t.org.worker.id, roles: ['ROLE_USER'] });
    expect(res.json().permissions).toEqual(permissionNames.filter((p) => builtInRoles.technician.permissions.has(p)));
    expect(res.json().organization.features.estimates).toBe(true);
  });

  it('organization 102 is lite: every feature off', async () => {
    const token = (await login('admin@org102.com.br', 'demo1234', '10.3.0.1')).json().token;
    const res = await t.ctx.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    expect(res.json().organization).toMatchObject({ id: 102, features: noFeatures });
    expect(res.json().permissions).toEqual(permissionNames);
  });

  it('refuses a forged token (other secret), an altered one, an expired one and garbage', async () => {
    const payload = { name: 'x', email: 'admin@demo.com.br', roles: ['ROLE_ADMIN'], organizationId: 1 };
    const forged = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-secret'));
    const expired = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode('test-secret'));
    const [h, , s] = t.org.worker.token.split('.');
    const altered = `${h}.${Buffer.from(JSON.stringify({ ...payload, sub: String(t.org.worker.id), exp: 9999999999 })).toString('base64url')}.${s}`;
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ ...payload, sub: '1', exp: 9999999999 })).toString('base64url')}.`;
    // Signed with the right secret but without an expiry: it would never end.
    const endless = await new SignJWT({ ...payload, organizationId: t.org.organization.id, ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(t.org.worker.id))
      .sign(new TextEncoder().encode('test-secret'));
    for (const token of [forged, expired, altered, none, endless, 'garbage']) {
      const res = await t.ctx.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, token).toBe(401);
    }
  });
});
