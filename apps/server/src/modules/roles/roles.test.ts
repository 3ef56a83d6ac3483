import { describe, expect, it } from 'vitest';
import { builtInRoles, roleMessages, userMessages } from '@ordem-certa/contracts';
import { perFile } from '../../../test/helpers.ts';

// Custom roles, their refusals, a role change holding at the next request, and the last-manager rule.
const t = perFile({ other: true });
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', rest: string, payload?: object, token = t.org.admin.token) =>
  t.ctx.app.inject({
    method,
    url: `/api/organizations/${t.org.organization.id}${rest}`,
    headers: t.org.as(token),
    ...(payload ? { payload } : {}),
  });
const users = `/api/admin/organizations/{org}/users`;
const userCall = (method: 'POST' | 'PUT' | 'GET', rest: string, payload?: object, token = t.org.admin.token) =>
  t.ctx.app.inject({
    method,
    url: users.replace('{org}', String(t.org.organization.id)) + rest,
    headers: t.org.as(token),
    ...(payload ? { payload } : {}),
  });

describe('roles', () => {
  it('lists the built-in roles and the permission map, grouped with pt-BR labels', async () => {
    const list = await call('GET', '/roles');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((r: { name: string }) => r.name)).toEqual(
      Object.values(builtInRoles).map((r) => r.name),
    );
    expect(list.json().meta.total).toBe(5);
    const admin = list.json().data[0];
    expect(admin).toMatchObject({ builtIn: 'admin', userCount: 1 });
    const map = await call('GET', '/permissions');
    expect(map.json().groups[0]).toMatchObject({ key: 'account', label: 'Conta' });
    expect(map.json().groups.flatMap((g: { permissions: unknown[] }) => g.permissions).length).toBeGreaterThan(50);
  });

  it('creates, edits and deletes a custom role; refuses unknown permissions, taken names, built-ins, roles in use', async () => {
    const bad = await call('POST', '/roles', { name: 'X', permissions: ['customer.see', 'nope.nope'] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['permissions.1']).toEqual([roleMessages.permissionUnknown]);
    const taken = await call('POST', '/roles', { name: 'atendente', permissions: [] });
    expect(taken.json().errors).toEqual({ name: [roleMessages.nameTaken] });

    const created = await call('POST', '/roles', { name: 'Balcão', permissions: ['customer.see'] });
    expect(created.statusCode).toBe(201);
    const role = created.json();
    expect(role.permissions).toContain('customer.see');
    expect(role.permissions).toContain('profile.manage'); // every role's own
    expect(role.permissions).not.toContain('customer.create');

    const edited = await call('PUT', `/roles/${role.id}`, {
      name: 'Balcão',
      permissions: ['customer.see', 'customer.create'],
    });
    expect(edited.json().permissions).toContain('customer.create');

    const builtIn = (await call('GET', '/roles'))
      .json()
      .data.find((r: { builtIn: string }) => r.builtIn === 'frontDesk');
    expect((await call('PUT', `/roles/${builtIn.id}`, { name: 'Outra', permissions: [] })).statusCode).toBe(409);
    expect((await call('DELETE', `/roles/${builtIn.id}`)).json().errors).toEqual([roleMessages.builtInFixed]);

    const user = await userCall('POST', '', {
      name: 'Ana Balcão',
      email: `ana-${Date.now()}@teste.com.br`,
      plainPassword: 'senha-forte-1',
      roleId: role.id,
    });
    expect(user.statusCode).toBe(201);
    expect(user.json()).toMatchObject({ roleId: role.id, roleName: 'Balcão', role: 'ROLE_USER' });
    expect((await call('DELETE', `/roles/${role.id}`)).json().errors).toEqual([roleMessages.inUse]);
    expect((await call('GET', `/roles/${role.id}`)).json().users).toEqual([
      { id: user.json().id, name: 'Ana Balcão', isActive: true },
    ]);

    const spare = (await call('POST', '/roles', { name: 'Sem uso', permissions: [] })).json();
    expect((await call('DELETE', `/roles/${spare.id}`)).statusCode).toBe(204);

    // Another organization's role is not found, and not usable for a user here.
    const theirs = await t.ctx.app.inject({
      method: 'POST',
      url: `/api/organizations/${t.other.organization.id}/roles`,
      headers: t.other.as(t.other.admin.token),
      payload: { name: 'Deles', permissions: [] },
    });
    expect((await call('GET', `/roles/${theirs.json().id}`)).statusCode).toBe(404);
    const stray = await userCall('PUT', `/${user.json().id}`, {
      name: 'Ana Balcão',
      email: user.json().email,
      roleId: theirs.json().id,
    });
    expect(stray.statusCode).toBe(422);

    // Role changes are audited.
    const log = await t.ctx.app.inject({
      url: `/api/organizations/${t.org.organization.id}/audit-logs?entity=role`,
      headers: t.org.as(t.org.admin.token),
    });
    expect(log.statusCode).toBe(200);
  });

  it("a change to a role's permissions, or a user's role, holds at the user's next request", async () => {
    const role = (await call('POST', '/roles', { name: 'Vendas', permissions: ['customer.see'] })).json();
    const user = (
      await userCall('POST', '', {
        name: 'Bia Vendas',
        email: `bia-${Date.now()}@teste.com.br`,
        plainPassword: 'senha-forte-1',
        roleId: role.id,
      })
    ).json();
    const login = await t.ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: user.email, password: 'senha-forte-1' },
    });
    const token = login.json().token;
    expect((await call('GET', '/customers', undefined, token)).statusCode).toBe(200);
    expect((await call('GET', '/products', undefined, token)).statusCode).toBe(403);
    await call('PUT', `/roles/${role.id}`, { name: 'Vendas', permissions: ['product.see'] });
    expect((await call('GET', '/customers', undefined, token)).statusCode).toBe(403);
    expect((await call('GET', '/products', undefined, token)).statusCode).toBe(200);
    const frontDesk = (await call('GET', '/roles'))
      .json()
      .data.find((r: { builtIn: string }) => r.builtIn === 'frontDesk');
    await userCall('PUT', `/${user.id}`, { name: user.name, email: user.email, roleId: frontDesk.id });
    expect((await call('GET', '/customers', undefined, token)).statusCode).toBe(200);
    expect((await call('GET', '/expenses', undefined, token)).statusCode).toBe(403);
  });

  it('the last active user who may manage users keeps that permission', async () => {
    const me = (await userCall('GET', `/${t.org.admin.id}`)).json();
    const technician = (await call('GET', '/roles'))
      .json()
      .data.find((r: { builtIn: string }) => r.builtIn === 'technician');
    const demote = await userCall('PUT', `/${me.id}`, { name: me.name, email: me.email, roleId: technician.id });
    expect(demote.statusCode).toBe(422);
    expect(demote.json().errors).toEqual({ roleId: [roleMessages.lastUserManager] });
    const off = await userCall('PUT', `/${me.id}`, {
      name: me.name,
      email: me.email,
      role: 'ROLE_ADMIN',
      isActive: false,
    });
    expect(off.json().errors).toEqual({ isActive: [roleMessages.lastUserManager] });
    // A custom role that manages users, held by a second user: then the admin may step down, and the
    // role may not lose user.manage.
    const managers = (await call('POST', '/roles', { name: 'Gerente', permissions: ['user.manage'] })).json();
    const second = (
      await userCall('POST', '', {
        name: 'Caio Gerente',
        email: `caio-${Date.now()}@teste.com.br`,
        plainPassword: 'senha-forte-1',
        roleId: managers.id,
      })
    ).json();
    expect(
      (await userCall('PUT', `/${me.id}`, { name: me.name, email: me.email, roleId: technician.id })).statusCode,
    ).toBe(200);
    const strip = await call('PUT', `/roles/${managers.id}`, { name: 'Gerente', permissions: [] }, t.org.admin.token);
    // The admin is a Técnico now: refused before the rule is even asked.
    expect(strip.statusCode).toBe(403);
    const login = await t.ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: second.email, password: 'senha-forte-1' },
    });
    const stripOwn = await call(
      'PUT',
      `/roles/${managers.id}`,
      { name: 'Gerente', permissions: [] },
      login.json().token,
    );
    expect(stripOwn.json().errors).toEqual({ permissions: [roleMessages.lastUserManager] });
    expect(userMessages.roleRequired).toBeTruthy();
  });
});
