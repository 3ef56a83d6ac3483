import { describe, expect, it } from 'vitest';
import { messages } from '@ordem-certa/contracts';
import { createTestApp, perFile } from '../../test/helpers.ts';
import { accessDeclarationProblem } from './auth.ts';

// The central access check, exercised through real routes and through routes that only declare access.
const t = perFile({
  other: true,
  lite: true,
  app: {
    extraModules: [
      async (api) => {
        api.get(
          '/organizations/:orgId/probe/feature',
          { config: { access: { can: 'organization.see', feature: 'reports' } } },
          () => ({
            ok: true,
          }),
        );
        api.get('/organizations/:orgId/probe/public', { config: { access: 'public' } }, () => ({ ok: true }));
        api.get('/organizations/:orgId/probe/boom', { config: { access: { can: 'organization.see' } } }, () => {
          throw new Error('secret internal detail');
        });
      },
    ],
  },
});

describe('organization scope and roles', () => {
  it('401 without a token', async () => {
    const res = await t.ctx.app.inject({ url: `/api/organizations/${t.org.organization.id}` });
    expect(res.statusCode).toBe(401);
  });

  it('403 for another organization in the path', async () => {
    const res = await t.ctx.app.inject({
      url: `/api/organizations/${t.other.organization.id}`,
      headers: t.org.as(t.org.admin.token),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errors: [messages.forbidden] });
  });

  it('a collaborator reads the organization but cannot change it (admin only)', async () => {
    const url = `/api/organizations/${t.org.organization.id}`;
    const read = await t.ctx.app.inject({ url, headers: t.org.as(t.org.worker.token) });
    expect(read.statusCode).toBe(200);
    const rename = (token: string, name: string) =>
      t.ctx.app.inject({ method: 'PUT', url, headers: t.org.as(token), payload: { name } });
    expect((await rename(t.org.worker.token, 'X')).statusCode).toBe(403);
    const admin = await rename(t.org.admin.token, 'Refrigeração Nova');
    expect(admin.statusCode).toBe(200);
    expect(admin.json().name).toBe('Refrigeração Nova');
  });

  it('422 on the right field', async () => {
    const res = await t.ctx.app.inject({
      method: 'PUT',
      url: `/api/organizations/${t.org.organization.id}`,
      headers: t.org.as(t.org.admin.token),
      payload: { name: '  ', timeZone: 'Marte/Olympus' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ name: [messages.required], timeZone: ['Fuso horário inválido'] });
  });

  it('a route needing a feature is refused (403) for an organization without it', async () => {
    const ok = await t.ctx.app.inject({
      url: `/api/organizations/${t.org.organization.id}/probe/feature`,
      headers: t.org.as(t.org.worker.token),
    });
    expect(ok.statusCode).toBe(200);
    const refused = await t.ctx.app.inject({
      url: `/api/organizations/${t.lite.organization.id}/probe/feature`,
      headers: t.lite.as(t.lite.admin.token),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errors: [messages.featureDisabled] });
  });

  it('a public route needs no token', async () => {
    const res = await t.ctx.app.inject({ url: `/api/organizations/1/probe/public` });
    expect(res.statusCode).toBe(200);
  });

  it('a 5xx does not leak internals', async () => {
    const res = await t.ctx.app.inject({
      url: `/api/organizations/${t.org.organization.id}/probe/boom`,
      headers: t.org.as(t.org.admin.token),
    });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(res.json()).toEqual({ errors: [messages.serverError] });
  });

  it('unknown API paths are 404 JSON; the OpenAPI document is served', async () => {
    expect((await t.ctx.app.inject({ url: '/api/nope' })).statusCode).toBe(404);
    const doc = await t.ctx.app.inject({ url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).toContain('/api/login');
  });

  it('health answers and sends security headers', async () => {
    const res = await t.ctx.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['permissions-policy']).toContain('camera=()');
    // The position only for the app's own pages (the technician's stamps).
    expect(res.headers['permissions-policy']).toContain('geolocation=(self)');
  });

  it("the scheme 'Bearer' is read in any case; an authenticated answer is never cached", async () => {
    const url = `/api/organizations/${t.org.organization.id}/customers`;
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
      const res = await t.ctx.app.inject({ url, headers: { authorization: `${scheme} ${t.org.admin.token}` } });
      expect(res.statusCode, scheme).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    for (const header of [`Basic ${t.org.admin.token}`, `Bearer`, `Bearer${t.org.admin.token}`, t.org.admin.token]) {
      expect((await t.ctx.app.inject({ url, headers: { authorization: header } })).statusCode, header).toBe(401);
    }
    expect((await t.ctx.app.inject({ url })).headers['cache-control']).toBe('no-store');
  });
});

describe('every route declares who may call it', () => {
  it('a route without a declaration, or naming no permission of the map, is named in the error', () => {
    expect(accessDeclarationProblem('GET', '/api/organizations/:orgId/pix/charges', undefined)).toBe(
      "GET /api/organizations/:orgId/pix/charges declares no access: give it config: {access: {can: '<permission>'}} (a name of packages/contracts/src/permissions.ts), or config: {access: 'public'}",
    );
    expect(accessDeclarationProblem('POST', '/api/x', { feature: 'nfse' })).toMatch(
      /^POST \/api\/x declares no permission/,
    );
    expect(accessDeclarationProblem('PUT', '/api/x', { can: 'pix.charge' })).toMatch(
      /^PUT \/api\/x names 'pix\.charge', which is no permission of the map/,
    );
    expect(accessDeclarationProblem('GET', '/api/x', 'public')).toBeUndefined();
    expect(accessDeclarationProblem('GET', '/api/x', { can: 'customer.see' })).toBeUndefined();
  });

  it('the app does not start with such a route', async () => {
    await expect(
      createTestApp({
        extraModules: [async (api) => void api.get('/organizations/:orgId/probe/undeclared', () => ({ ok: true }))],
      }),
    ).rejects.toThrow(/^GET(,HEAD)? \/api\/organizations\/:orgId\/probe\/undeclared declares no access/);
  });
});
