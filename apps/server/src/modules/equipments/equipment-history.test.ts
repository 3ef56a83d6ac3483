import { describe, expect, it } from 'vitest';
import { InvoiceState } from '@ordem-certa/contracts';
import { createOrg } from '../../../test/helpers.ts';
import { worldPerFile } from '../../../test/invoice-fixtures.ts';

// An equipment's history: the orders it was on, newest first, with technicians, checklist progress
// and photo count; other equipment's orders are not in it; admin only, organization scoped.
const t = worldPerFile();

const history = (
  token: string,
  equipmentId = t.world.equipment.id,
  customerId = t.world.customer.id,
  orgId = t.org.organization.id,
) =>
  t.ctx.app.inject({
    method: 'GET',
    url: `/api/organizations/${orgId}/customers/${customerId}/equipments/${equipmentId}/history`,
    headers: t.org.as(token),
  });

describe('GET equipments/{id}/history', () => {
  it('lists the orders the equipment was on, newest first, with checklist progress', async () => {
    const template = await t.ctx.app.inject({
      method: 'POST',
      url: `/api/organizations/${t.org.organization.id}/checklist-templates`,
      headers: t.org.as(t.org.admin.token),
      payload: {
        name: 'Revisão',
        items: [
          { label: 'Filtro', kind: 'check' },
          { label: 'Pressão', kind: 'number' },
        ],
      },
    });
    const older = await t.world.createInvoice();
    const newer = await t.world.createInvoice();
    const unrelated = await t.world.createInvoice();
    for (const o of [older, newer]) {
      expect((await t.world.admin('POST', `/${o.id}/equipments`, { equipment: t.world.equipment.id })).statusCode).toBe(
        201,
      );
    }
    await t.world.admin('POST', `/${unrelated.id}/equipments`, { equipment: t.world.equipment2.id });
    await t.world.assignWorker(older.id);
    const checklist = await t.world.admin('POST', `/${older.id}/checklists`, { template: template.json().id });
    await t.world.admin('PUT', `/${older.id}/checklists/${checklist.json().id}`, {
      answers: [{ item: 1, value: true }],
    });
    await t.world.moveTo(older.id, InvoiceState.Completed);

    const res = await history(t.org.admin.token);
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
    expect((await history(t.org.worker.token)).statusCode).toBe(403);
    expect((await history(t.org.admin.token, t.world.otherEquipment.id)).statusCode).toBe(404);
    const other = await createOrg(t.ctx);
    const res = await t.ctx.app.inject({
      method: 'GET',
      url: `/api/organizations/${other.organization.id}/customers/${t.world.customer.id}/equipments/${t.world.equipment.id}/history`,
      headers: other.as(other.admin.token),
    });
    expect(res.statusCode).toBe(404);
  });
});
