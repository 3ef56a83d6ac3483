import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PersonType } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { createOrg, perFile } from '../../../test/helpers.ts';
import { newCnpj, newCpf } from '../../../test/factories.ts';

// The first home's checklist: read from the data, gone when every step is done or it is dismissed.
const t = perFile();

const read = (o: Awaited<ReturnType<typeof createOrg>>, path = '') =>
  t.ctx.app.inject({
    method: path ? 'POST' : 'GET',
    url: `/api/organizations/${o.organization.id}/first-steps${path}`,
    headers: o.as(o.admin.token),
  });
const done = (body: { steps: Array<{ key: string; done: boolean }> }) =>
  body.steps.filter((s) => s.done).map((s) => s.key);

describe('first steps', () => {
  it('401 without a token', async () => {
    const res = await t.ctx.app.inject({
      method: 'GET',
      url: `/api/organizations/${t.org.organization.id}/first-steps`,
    });
    expect(res.statusCode).toBe(401);
  });

  it('follows the data: each step is done when its data exists, and the list goes when all are', async () => {
    const o = await createOrg(t.ctx);
    const db = t.ctx.database.db;
    const orgId = o.organization.id;
    // A deactivated colleague is no technician invited.
    const worker = eq(schema.users.id, o.worker.id);
    await db.update(schema.users).set({ isActive: false }).where(worker);
    const start = (await read(o)).json();
    expect(start).toEqual({
      show: true,
      companyId: null,
      steps: ['company', 'pix', 'customer', 'estimate', 'technician'].map((key) => ({ key, done: false })),
    });

    const [company] = await db
      .insert(schema.companies)
      .values({
        organizationId: orgId,
        type: PersonType.Juridical,
        identifier: newCnpj(),
        name: 'Empresa',
        logoKey: 'logo-1',
      })
      .returning();
    expect(done((await read(o)).json())).toEqual([]);
    await db.insert(schema.addresses).values({
      organizationId: orgId,
      companyId: company!.id,
      address: 'Rua A',
      neighborhood: 'Centro',
      city: 'São Paulo',
      state: 'SP',
      postalCode: '01310100',
    });
    await db.update(schema.companies).set({ pixKey: 'pix@empresa.com.br' }).where(eq(schema.companies.id, company!.id));
    const [customer] = await db
      .insert(schema.customers)
      .values({ organizationId: orgId, type: PersonType.Natural, identifier: newCpf(), name: 'Cliente' })
      .returning();
    await db.update(schema.users).set({ isActive: true }).where(worker);
    const almost = (await read(o)).json();
    expect(almost.companyId).toBe(company!.id);
    expect(done(almost)).toEqual(['company', 'pix', 'customer', 'technician']);
    expect(almost.show).toBe(true);

    const [nature] = await db
      .insert(schema.transactionNatures)
      .values({ organizationId: orgId, name: 'Serviço' })
      .returning();
    const estimate = await t.ctx.app.inject({
      method: 'POST',
      url: `/api/organizations/${orgId}/estimates`,
      headers: o.as(o.admin.token),
      payload: { company: company!.id, customer: customer!.id, transactionNature: nature!.id },
    });
    expect(estimate.statusCode, estimate.body).toBe(201);
    const all = (await read(o)).json();
    expect(done(all)).toHaveLength(5);
    expect(all.show).toBe(false);
  });

  it('once dismissed it is not shown, whatever is left', async () => {
    const o = await createOrg(t.ctx);
    await t.ctx.database.db.update(schema.users).set({ isActive: false }).where(eq(schema.users.id, o.worker.id));
    const dismissed = await read(o, '/dismiss');
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json().show).toBe(false);
    expect((await read(o)).json().show).toBe(false);
    expect(done((await read(o)).json())).toEqual([]);
  });
});
