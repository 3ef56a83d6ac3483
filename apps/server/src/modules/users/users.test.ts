import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { availableRoles, roleMessages, userMessages } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { createOrg, loginFromNewAddress, type TestOrg } from '../../../test/helpers.ts';
import { itChecksAccess, registerApi, twoOrganizations, type Route } from '../../../test/register-tests.ts';

const suite = twoOrganizations();

type User = { id: number; name: string; role: string; email: string; isActive: boolean; paymentValue: number };
const api = registerApi(suite, (o) => `/api/admin/organizations/${o.organization.id}/users`);
const { call } = api;
let seq = 0;
const email = (prefix = 'colab') => `${prefix}-${Date.now().toString(36)}-${++seq}@teste.com.br`;
const create = async (o: TestOrg, body: Partial<Record<string, unknown>> = {}) => {
  const res = await call(o, o.admin.token, 'POST', '', {
    name: 'Carlos Técnico',
    role: 'ROLE_USER',
    email: email(),
    plainPassword: 'senha-inicial',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as User;
};
const login = (username: string, password: string) => loginFromNewAddress(suite.ctx, username, password);
const put = (o: TestOrg, u: User, changes: object) =>
  call(o, o.admin.token, 'PUT', `/${u.id}`, { name: u.name, role: u.role, email: u.email, ...changes });

describe('collaborators: access', () => {
  let id: number;
  beforeAll(async () => {
    id = (await create(suite.org)).id;
  });
  const routes = (): Route[] => [
    ['GET', ''],
    ['POST', '', { name: 'X', role: 'ROLE_USER', email: email(), plainPassword: '12345678' }],
    ['GET', '/available-roles'],
    ['GET', '/workers'],
    ['GET', `/${id}`],
    ['PUT', `/${id}`, { name: 'X', role: 'ROLE_USER', email: email() }],
    ['PATCH', `/${id}/financial`, { paymentValue: 10 }],
  ];

  itChecksAccess(api, {
    routes,
    idRoutes: () => routes().slice(4),
    titles: { apart: "403 for another organization's path; 404 for another organization's user id" },
    afterwards: async () =>
      expect((await call(suite.org, suite.org.admin.token, 'GET', `/${id}`)).json().name).toBe('Carlos Técnico'),
  });
});

describe('collaborators: create', () => {
  it('creates one who logs in with the given password and is not an admin', async () => {
    const addr = email('novo');
    const u = await create(suite.org, { name: 'Bruna Souza', email: `  ${addr.toUpperCase()} ` });
    expect(u).toMatchObject({ name: 'Bruna Souza', role: 'ROLE_USER', email: addr, isActive: true, paymentValue: 0 });
    const res = await login(addr, 'senha-inicial');
    expect(res.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${res.json().token}` };
    const me = await suite.ctx.app.inject({ url: '/api/me', headers });
    expect(me.json()).toMatchObject({ id: u.id, organization: { id: suite.org.organization.id } });
    expect(me.json().permissions).not.toContain('user.manage');
    // What a non-admin may not: registers, collaborators, organization settings.
    const base = `/api/organizations/${suite.org.organization.id}`;
    for (const url of [
      `${base}/products`,
      `${base}/services`,
      `${base}/tags`,
      `/api/admin/organizations/${suite.org.organization.id}/users`,
    ]) {
      expect((await suite.ctx.app.inject({ url, headers })).statusCode, url).toBe(403);
    }
    const profile = await suite.ctx.app.inject({ url: `${base}/profile`, headers });
    expect(profile.json()).toMatchObject({ name: 'Bruna Souza', email: addr });
  });

  it('422 per field: name, role, e-mail required; password required on create, at least 8 characters', async () => {
    const res = await call(suite.org, suite.org.admin.token, 'POST', '', {});
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'name', 'plainPassword', 'role']);
    const short = await call(suite.org, suite.org.admin.token, 'POST', '', {
      name: 'X',
      role: 'ROLE_USER',
      email: email(),
      plainPassword: '1234567',
    });
    expect(short.json().errors).toEqual({ plainPassword: [userMessages.passwordTooShort] });
    const badRole = await call(suite.org, suite.org.admin.token, 'POST', '', {
      name: 'X',
      role: 'ROLE_SUPER',
      email: 'nao-e-email',
      plainPassword: '12345678',
    });
    expect(badRole.json().errors).toEqual({ role: [userMessages.roleRequired], email: ['E-mail inválido'] });
  });

  it('422 on email when it is taken, in this or another organization, any case: the same answer for both', async () => {
    const mine = await create(suite.org);
    const dup = await call(suite.org, suite.org.admin.token, 'POST', '', {
      name: 'Y',
      role: 'ROLE_USER',
      email: mine.email.toUpperCase(),
      plainPassword: '12345678',
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ email: [userMessages.emailUnavailable] });
    const elsewhere = await call(suite.other, suite.other.admin.token, 'POST', '', {
      name: 'Y',
      role: 'ROLE_USER',
      email: mine.email,
      plainPassword: '12345678',
    });
    // Taken in another organization: refused exactly as one of this organization, so the answer does
    // not tell that the address has an account somewhere else.
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.body).toBe(dup.body);
  });
});

describe('collaborators: edit', () => {
  it('a blank password keeps the current one; a new one replaces it', async () => {
    const u = await create(suite.org);
    const keep = await put(suite.org, u, { name: 'Carlos Alberto', plainPassword: '' });
    expect(keep.statusCode).toBe(200);
    expect(keep.json().name).toBe('Carlos Alberto');
    expect((await login(u.email, 'senha-inicial')).statusCode).toBe(200);
    const short = await put(suite.org, u, { plainPassword: 'curta' });
    expect(short.json().errors).toEqual({ plainPassword: [userMessages.passwordTooShort] });
    expect((await put(suite.org, u, { plainPassword: 'outra-senha-1' })).statusCode).toBe(200);
    expect((await login(u.email, 'outra-senha-1')).statusCode).toBe(200);
    expect((await login(u.email, 'senha-inicial')).statusCode).toBe(401);
  });

  it('promotes a collaborator to admin', async () => {
    const u = await create(suite.org);
    const res = await put(suite.org, u, { role: 'ROLE_ADMIN' });
    expect(res.json().role).toBe('ROLE_ADMIN');
    const token = (await login(u.email, 'senha-inicial')).json().token;
    const me = await suite.ctx.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.json().permissions).toContain('user.manage');
  });

  it('a deactivated collaborator cannot log in, loses a token issued before, leaves the workers, stays listed', async () => {
    const fresh = await createOrg(suite.ctx);
    const u = await create(fresh, { name: 'Davi Saiu' });
    const token = (await login(u.email, 'senha-inicial')).json().token as string;
    const headers = { authorization: `Bearer ${token}` };
    expect((await suite.ctx.app.inject({ url: '/api/me', headers })).statusCode).toBe(200);

    const res = await put(fresh, u, { isActive: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().isActive).toBe(false);

    expect((await login(u.email, 'senha-inicial')).statusCode).toBe(401);
    expect((await suite.ctx.app.inject({ url: '/api/me', headers })).statusCode).toBe(401);
    const workers = await call(fresh, fresh.admin.token, 'GET', '/workers');
    expect(workers.json().data.map((w: User) => w.name)).not.toContain('Davi Saiu');
    const listed = await call(fresh, fresh.admin.token, 'GET', '?q=davi');
    expect(listed.json().data).toEqual([
      {
        id: u.id,
        name: 'Davi Saiu',
        role: 'ROLE_USER',
        roleId: expect.any(Number),
        roleName: 'Técnico',
        email: u.email,
        isActive: false,
      },
    ]);

    // Reactivated, they log in again.
    await put(fresh, u, { isActive: true });
    expect((await login(u.email, 'senha-inicial')).statusCode).toBe(200);
  });

  it("a password reset, a new e-mail or a deactivation ends the user's sessions; a new name does not", async () => {
    for (const change of [{ plainPassword: 'outra-senha-1' }, { email: 'trocado' }, { isActive: false }, {}]) {
      const u = await create(suite.org);
      const token = (await login(u.email, 'senha-inicial')).json().token as string;
      const me = () => suite.ctx.app.inject({ url: '/api/me', headers: suite.org.as(token) });
      expect((await me()).statusCode).toBe(200);
      const res = await put(suite.org, u, {
        ...change,
        email: 'email' in change ? `novo-${u.email}` : u.email,
        name: 'Nome Novo',
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(200);
      expect((await me()).statusCode, JSON.stringify(change)).toBe(Object.keys(change).length ? 401 : 200);
    }
  });

  it('422 on e-mail taken by someone else; keeping one own e-mail is fine', async () => {
    const a = await create(suite.org);
    const b = await create(suite.org);
    expect((await put(suite.org, a, { email: a.email })).statusCode).toBe(200);
    const res = await put(suite.org, a, { email: b.email });
    expect(res.json().errors).toEqual({ email: [userMessages.emailUnavailable] });
    expect((await call(suite.org, suite.org.admin.token, 'GET', `/${a.id}`)).json().email).toBe(a.email);
  });
});

describe('collaborators: the last active admin', () => {
  it('cannot be demoted nor deactivated (422), but can once another admin exists', async () => {
    const fresh = await createOrg(suite.ctx);
    const admin = (await call(fresh, fresh.admin.token, 'GET', `/${fresh.admin.id}`)).json() as User;
    const demote = await put(fresh, admin, { role: 'ROLE_USER' });
    expect(demote.statusCode).toBe(422);
    expect(demote.json().errors).toEqual({ roleId: [roleMessages.lastUserManager] });
    const deactivate = await put(fresh, admin, { isActive: false });
    expect(deactivate.statusCode).toBe(422);
    expect(deactivate.json().errors).toEqual({ isActive: [roleMessages.lastUserManager] });
    expect((await call(fresh, fresh.admin.token, 'GET', `/${admin.id}`)).json()).toMatchObject({
      role: 'ROLE_ADMIN',
      isActive: true,
    });

    // An inactive admin does not count.
    const dormant = await create(fresh, { role: 'ROLE_ADMIN' });
    await put(fresh, dormant, { isActive: false });
    expect((await put(fresh, admin, { role: 'ROLE_USER' })).statusCode).toBe(422);

    await create(fresh, { role: 'ROLE_ADMIN' });
    const now = await put(fresh, admin, { role: 'ROLE_USER' });
    expect(now.statusCode).toBe(200);
    expect(now.json().role).toBe('ROLE_USER');
  });

  it('two admins demoting each other at the same time: one of them stays admin', async () => {
    const fresh = await createOrg(suite.ctx);
    const second = await create(fresh, { role: 'ROLE_ADMIN' });
    const secondToken = (await login(second.email, 'senha-inicial')).json().token as string;
    const first = (await call(fresh, fresh.admin.token, 'GET', `/${fresh.admin.id}`)).json() as User;
    const body = (u: User) => ({ name: u.name, role: 'ROLE_USER', email: u.email });
    const results = await Promise.all([
      call(fresh, fresh.admin.token, 'PUT', `/${second.id}`, body(second)),
      call(fresh, secondToken, 'PUT', `/${first.id}`, body(first)),
    ]);
    // The loser is refused either by the last-admin rule (422) or, once demoted, as a non-admin (403).
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([403, 422]).toContain(codes[1]);
    const admins = await suite.ctx.database.db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(and(eq(schema.users.organizationId, fresh.organization.id), eq(schema.users.role, 'ROLE_ADMIN')));
    expect(admins).toHaveLength(1);
  });
});

describe('collaborators: financial, roles, workers, list', () => {
  it('PATCH financial sets the payment per service order; 422 on a negative or 3-decimal value', async () => {
    const u = await create(suite.org);
    const res = await call(suite.org, suite.org.admin.token, 'PATCH', `/${u.id}/financial`, { paymentValue: 45.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json().paymentValue).toBe(45.5);
    expect((await call(suite.org, suite.org.admin.token, 'GET', `/${u.id}`)).json().paymentValue).toBe(45.5);
    for (const paymentValue of [-1, 0.001, 'dez', null]) {
      const bad = await call(suite.org, suite.org.admin.token, 'PATCH', `/${u.id}/financial`, { paymentValue });
      expect(bad.statusCode, String(paymentValue)).toBe(422);
      expect(Object.keys(bad.json().errors)).toEqual(['paymentValue']);
    }
    expect((await call(suite.org, suite.org.admin.token, 'GET', `/${u.id}`)).json().paymentValue).toBe(45.5);
  });

  it('available-roles lists the two roles with pt-BR labels', async () => {
    const res = await call(suite.org, suite.org.admin.token, 'GET', '/available-roles');
    expect(res.json()).toEqual(availableRoles);
    expect(res.json()).toEqual([
      { value: 'ROLE_ADMIN', label: 'Administrador' },
      { value: 'ROLE_USER', label: 'Colaborador' },
    ]);
  });

  it('workers: active users of both roles, searchable, paginated with the real total', async () => {
    const fresh = await createOrg(suite.ctx);
    await create(fresh, { name: 'Érica Lima' });
    await create(fresh, { name: 'Fábio Admin', role: 'ROLE_ADMIN' });
    const gone = await create(fresh, { name: 'Gilberto Inativo' });
    await put(fresh, gone, { isActive: false });
    const res = await call(fresh, fresh.admin.token, 'GET', '/workers?take=2');
    // Admin Teste, Colaborador Teste (from createOrg), Érica, Fábio.
    expect(res.json().meta).toEqual({ total: 4, skip: 0, take: 2 });
    const found = await call(fresh, fresh.admin.token, 'GET', '/workers?q=erica');
    expect(found.json().data.map((w: User) => w.name)).toEqual(['Érica Lima']);
  });

  it('lists collaborators with the real total, active first, searched by name or e-mail', async () => {
    const fresh = await createOrg(suite.ctx);
    const gone = await create(fresh, { name: 'Aaron Inativo' });
    await put(fresh, gone, { isActive: false });
    const res = await call(fresh, fresh.admin.token, 'GET', '');
    expect(res.json().meta.total).toBe(3);
    expect(res.json().data.map((u: User) => u.name)).toEqual(['Admin Teste', 'Colaborador Teste', 'Aaron Inativo']);
    const byEmail = await call(fresh, fresh.admin.token, 'GET', `?q=${encodeURIComponent(fresh.worker.email)}`);
    expect(byEmail.json().data.map((u: User) => u.id)).toEqual([fresh.worker.id]);
    const paged = await call(fresh, fresh.admin.token, 'GET', '?take=1&skip=2');
    expect(paged.json()).toMatchObject({ meta: { total: 3, skip: 2, take: 1 } });
  });
});
