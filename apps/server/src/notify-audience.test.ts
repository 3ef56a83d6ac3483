import { describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { InvoiceState, permissionSet, ROLE_USER, type Permission } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { addUser, perFile } from '../test/helpers.ts';
import { invoiceWorld } from '../test/invoice-fixtures.ts';
import { notifyOverdueReceivables } from './modules/payments/receivable-job.ts';

// Who hears of an event on the bell follows the permissions of their role (as stored at the event), not
// whether they are an admin: a Financeiro hears of payments, an Atendente does not; the Atendente
// hears of nothing about the stock, which only who keeps the products does.
const t = perFile({ world: invoiceWorld });

async function userWithRole(name: string, role: { builtIn?: string; permissions?: Permission[] }) {
  const db = t.ctx.database.db;
  const organizationId = t.org.organization.id;
  let roleId: number;
  if (role.builtIn) {
    const [row] = await db
      .select({ id: schema.roles.id })
      .from(schema.roles)
      .where(and(eq(schema.roles.organizationId, organizationId), eq(schema.roles.builtIn, role.builtIn)));
    roleId = row!.id;
  } else {
    const [row] = await db
      .insert(schema.roles)
      .values({ organizationId, name: `${name} ${Date.now()}`, permissions: [...permissionSet(role.permissions!)] })
      .returning({ id: schema.roles.id });
    roleId = row!.id;
  }
  const user = await addUser(t.ctx, organizationId, {
    name,
    email: `${name.replace(/\W/g, '')}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@teste.com.br`,
    role: ROLE_USER,
  });
  await db.update(schema.users).set({ roleId }).where(eq(schema.users.id, user.id));
  return { ...user, roleId };
}

const sourcesOf = async (userId: number, prefix: string) =>
  (
    await t.ctx.database.db
      .select({ sourceKey: schema.notifications.sourceKey })
      .from(schema.notifications)
      .where(and(eq(schema.notifications.userId, userId), like(schema.notifications.sourceKey, `${prefix}%`)))
  ).map((r) => r.sourceKey);

describe('the bell follows the permissions', () => {
  it('an instalment past due: the Financeiro and a custom role with payment.see are told, the Atendente and the Técnico are not', async () => {
    const finance = await userWithRole('Financeira', { builtIn: 'finance' });
    const frontDesk = await userWithRole('Atendente', { builtIn: 'frontDesk' });
    const custom = await userWithRole('Cobrança', { permissions: ['payment.see'] });
    const { id } = await t.world.createInvoice();
    await t.world.admin('POST', `/${id}/services`, { service: t.world.service.id, quantity: 1 });
    await t.world.moveTo(id, InvoiceState.Wip);
    const plan = await t.world.admin('POST', `/${id}/installments`, {
      count: 1,
      firstDueDate: '2022-11-30',
      method: 'boleto',
    });
    expect(plan.statusCode, plan.body).toBe(201);
    const key = `receivable-overdue:${plan.json().installments[0].id}`;

    await notifyOverdueReceivables(t.ctx.database.db);
    expect(await sourcesOf(finance.id, key)).toEqual([key]);
    expect(await sourcesOf(custom.id, key)).toEqual([key]);
    expect(await sourcesOf(t.org.admin.id, key)).toEqual([key]);
    expect(await sourcesOf(frontDesk.id, key)).toEqual([]);
    expect(await sourcesOf(t.org.worker.id, key)).toEqual([]);
  });

  it("low stock goes to who manages products; a custom role's change holds at the next event", async () => {
    const finance = await userWithRole('Financeiro', { builtIn: 'finance' });
    const frontDesk = await userWithRole('Atendente', { builtIn: 'frontDesk' });
    const keeper = await userWithRole('Estoquista', { permissions: ['product.see'] });
    const products = `/api/organizations/${t.org.organization.id}/products`;
    const asAdmin = (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.ctx.app.inject({ method, url, headers: t.org.as(t.org.admin.token), payload });
    const low = async (name: string) => {
      const res = await asAdmin('POST', products, { name, price: 10, stockQuantity: 1, minStock: 2 });
      expect(res.statusCode, res.body).toBe(201);
      return `low-stock:${res.json().id}:`;
    };

    const first = await low('Filtro A');
    expect(await sourcesOf(t.org.admin.id, first)).toHaveLength(1);
    expect(await sourcesOf(finance.id, first)).toEqual([]);
    expect(await sourcesOf(frontDesk.id, first)).toEqual([]);
    expect(await sourcesOf(keeper.id, first)).toEqual([]);

    // The keeper's role now manages products: the next low stock reaches them.
    await t.ctx.database.db
      .update(schema.roles)
      .set({ permissions: [...permissionSet(['product.see', 'product.manage'])] })
      .where(eq(schema.roles.id, keeper.roleId));
    const second = await low('Filtro B');
    expect(await sourcesOf(keeper.id, second)).toHaveLength(1);
    expect(await sourcesOf(frontDesk.id, second)).toEqual([]);
  });
});
