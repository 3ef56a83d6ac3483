import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, noFeatures } from '@oficina/contracts';
import { createOrg, createTestApp, type TestContext, type TestOrg } from '../../test/helpers.ts';

// The central access check, exercised through real routes and through routes that only declare access.
let ctx: TestContext;
let org: TestOrg;
let lite: TestOrg;
let other: TestOrg;
beforeAll(async () => {
  ctx = await createTestApp({
    extraModules: [
      async (api) => {
        api.get('/organizations/:orgId/probe/feature', { config: { access: { feature: 'reports' } } }, () => ({
          ok: true,
        }));
        api.get('/organizations/:orgId/probe/public', { config: { access: 'public' } }, () => ({ ok: true }));
        api.get('/organizations/:orgId/probe/boom', () => {
          throw new Error('secret internal detail');
        });
      },
    ],
  });
  org = await createOrg(ctx);
  lite = await createOrg(ctx, { features: noFeatures });
  other = await createOrg(ctx);
});
afterAll(() => ctx.close());

describe('organization scope and roles', () => {
  it('401 without a token', async () => {
    const res = await ctx.app.inject({ url: `/api/organizations/${org.organization.id}` });
    expect(res.statusCode).toBe(401);
  });

  it('403 for another organization in the path', async () => {
    const res = await ctx.app.inject({
      url: `/api/organizations/${other.organization.id}`,
      headers: org.as(org.admin.token),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errors: [messages.forbidden] });
  });

  it('a collaborator reads the organization but cannot change it (admin only)', async () => {
    const url = `/api/organizations/${org.organization.id}`;
    const read = await ctx.app.inject({ url, headers: org.as(org.worker.token) });
    expect(read.statusCode).toBe(200);
    const write = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: org.as(org.worker.token),
      payload: { name: 'X' },
    });
    expect(write.statusCode).toBe(403);
    const admin = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: org.as(org.admin.token),
      payload: { name: 'Refrigeração Nova' },
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().name).toBe('Refrigeração Nova');
  });

  it('422 on the right field', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/organizations/${org.organization.id}`,
      headers: org.as(org.admin.token),
      payload: { name: '  ', timeZone: 'Marte/Olympus' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ name: [messages.required], timeZone: ['Fuso horário inválido'] });
  });

  it('a route needing a feature is refused (403) for an organization without it', async () => {
    const ok = await ctx.app.inject({
      url: `/api/organizations/${org.organization.id}/probe/feature`,
      headers: org.as(org.worker.token),
    });
    expect(ok.statusCode).toBe(200);
    const refused = await ctx.app.inject({
      url: `/api/organizations/${lite.organization.id}/probe/feature`,
      headers: lite.as(lite.admin.token),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errors: [messages.featureDisabled] });
  });

  it('a public route needs no token', async () => {
    const res = await ctx.app.inject({ url: `/api/organizations/1/probe/public` });
    expect(res.statusCode).toBe(200);
  });

  it('a 5xx does not leak internals', async () => {
    const res = await ctx.app.inject({
      url: `/api/organizations/${org.organization.id}/probe/boom`,
      headers: org.as(org.admin.token),
    });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(res.json()).toEqual({ errors: [messages.serverError] });
  });

  it('unknown API paths are 404 JSON; the OpenAPI document is served', async () => {
    expect((await ctx.app.inject({ url: '/api/nope' })).statusCode).toBe(404);
    const doc = await ctx.app.inject({ url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).toContain('/api/login');
  });

  it('health answers and sends security headers', async () => {
    const res = await ctx.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['permissions-policy']).toContain('camera=()');
    expect(res.headers['permissions-policy']).toContain('geolocation=()');
  });

  it("the scheme 'Bearer' is read in any case; an authenticated answer is never cached", async () => {
    const url = `/api/organizations/${org.organization.id}/customers`;
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
      const res = await ctx.app.inject({ url, headers: { authorization: `${scheme} ${org.admin.token}` } });
      expect(res.statusCode, scheme).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    for (const header of [`Basic ${org.admin.token}`, `Bearer`, `Bearer${org.admin.token}`, org.admin.token]) {
      expect((await ctx.app.inject({ url, headers: { authorization: header } })).statusCode, header).toBe(401);
    }
    expect((await ctx.app.inject({ url })).headers['cache-control']).toBe('no-store');
  });
});
