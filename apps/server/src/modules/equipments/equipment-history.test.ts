import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvoiceState } from '@oficina/contracts';
import { createOrg, createTestApp, type TestContext, type TestOrg } from '../../../test/helpers.ts';
import { invoiceWorld, type InvoiceWorld } from '../../../test/invoice-fixtures.ts';

// An equipment's history: the orders it was on, newest first, with technicians, checklist progress
// and photo count; other equipment's orders are not in it; admin only, organization scoped.
let ctx: TestContext;
let org: TestOrg;
let world: InvoiceWorld;
beforeAll(async () => {
  ctx = await createTestApp();
  org = await createOrg(ctx);
  world = await invoiceWorld(ctx, org);
});
afterAll(() => ctx.close());

const history = (
  token: string,
  equipmentId = world.equipment.id,
  customerId = world.customer.id,
  orgId = org.organization.id,
) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/organizations/${orgId}/customers/${customerId}/equipments/${equipmentId}/history`,
    headers: org.as(token),
  });

describe('GET equipments/{id}/history', () => {
  it('lists the orders the equipment was on, newest first, with checklist progress', async () => {
    const template = await ctx.app.inject({
      method: 'POST',
      url: `/api/organizations/${org.organization.id}/checklist-templates`,
      headers: org.as(org.admin.token),
      payload: {
        name: 'Revisão',
        items: [
          { label: 'Filtro', kind: 'check' },
          { label: 'Pressão', kind: 'number' },
        ],
      },
    });
    const older = await world.createInvoice();
    const newer = await world.createInvoice();
    const unrelated = await world.createInvoice();
    for (const o of [older, newer]) {
      expect((await world.admin('POST', `/${o.id}/equipments`, { equipment: world.equipment.id })).statusCode).toBe(
        201,
      );
    }
    await world.admin('POST', `/${unrelated.id}/equipments`, { equipment: world.equipment2.id });
    await world.assignWorker(older.id);
    const checklist = await world.admin('POST', `/${older.id}/checklists`, { template: template.json().id });
    await world.admin('PUT', `/${older.id}/checklists/${checklist.json().id}`, { answers: [{ item: 1, value: true }] });
    await world.moveTo(older.id, InvoiceState.Completed);

    const res = await history(org.admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.meta.total).toBe(2);
    expect(body.data.map((r: { invoiceId: number }) => r.invoiceId)).toEqual([newer.id, older.id]);
    expect(body.data[1]).toMatchObject({
      number: older.number,
      state: InvoiceState.Completed,
      finishedAt: expect.any(String),
      workers: [expect.any(String)],
      checklists: [{ name: 'Revisão', answered: 1, total: 2 }],
      pictures: 0,
    });
  });

  it('a collaborator gets 403; another organization and another customer’s equipment 404', async () => {
    expect((await history(org.worker.token)).statusCode).toBe(403);
    expect((await history(org.admin.token, world.otherEquipment.id)).statusCode).toBe(404);
    const other = await createOrg(ctx);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/organizations/${other.organization.id}/customers/${world.customer.id}/equipments/${world.equipment.id}/history`,
      headers: other.as(other.admin.token),
    });
    expect(res.statusCode).toBe(404);
  });
});
