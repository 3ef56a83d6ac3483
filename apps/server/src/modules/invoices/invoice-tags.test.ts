import { beforeAll, describe, expect, it } from 'vitest';
import { InvoiceState } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { createOrg, perFile } from '../../../test/helpers.ts';
import { invoiceWorld } from '../../../test/invoice-fixtures.ts';

// Tags on an order (admin): available, add, remove; shown on the order and in the lists.
const t = perFile({ world: invoiceWorld });
let tags: Array<{ id: number; name: string; color: string }>;

beforeAll(async () => {
  tags = await t.ctx.database.db
    .insert(schema.tags)
    .values([
      { organizationId: t.org.organization.id, name: 'Urgente', color: 'eb5a46' },
      { organizationId: t.org.organization.id, name: 'Garantia', color: '61bd4f' },
      { organizationId: t.org.organization.id, name: 'Área externa', color: 'b3bac5' },
    ])
    .returning();
});

describe('access', () => {
  it('401 without a token, another organization 404, a collaborator 403 even on their order', async () => {
    const { id } = await t.world.createInvoice();
    await t.world.assignWorker(id);
    const tag = tags[0]!;
    expect((await t.ctx.app.inject({ method: 'POST', url: t.world.url(`/${id}/tags/${tag.id}`) })).statusCode).toBe(
      401,
    );
    const other = await createOrg(t.ctx);
    const foreign = await t.ctx.app.inject({
      method: 'POST',
      url: `/api/organizations/${other.organization.id}/invoices/${id}/tags/${tag.id}`,
      headers: other.as(other.admin.token),
    });
    expect(foreign.statusCode).toBe(404);
    expect((await t.world.worker('GET', `/${id}/tags/available`)).statusCode).toBe(403);
    expect((await t.world.worker('POST', `/${id}/tags/${tag.id}`)).statusCode).toBe(403);
    expect((await t.world.worker('DELETE', `/${id}/tags/${tag.id}`)).statusCode).toBe(403);
  });

  it("another organization's tag is not found on this order", async () => {
    const { id } = await t.world.createInvoice();
    const other = await createOrg(t.ctx);
    const [foreignTag] = await t.ctx.database.db
      .insert(schema.tags)
      .values({ organizationId: other.organization.id, name: 'Alheia', color: 'b3bac5' })
      .returning();
    const res = await t.world.admin('POST', `/${id}/tags/${foreignTag!.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().errors).toEqual(['Etiqueta não encontrada']);
  });
});

describe('add and remove', () => {
  it('offers the tags not on the order, searchable accent-insensitively, with a real total', async () => {
    const { id } = await t.world.createInvoice();
    const all = (await t.world.admin('GET', `/${id}/tags/available`)).json();
    expect(all.meta.total).toBe(3);
    expect(all.data.map((tag: { name: string }) => tag.name)).toEqual(['Área externa', 'Garantia', 'Urgente']);
    await t.world.admin('POST', `/${id}/tags/${tags[1]!.id}`);
    const rest = (await t.world.admin('GET', `/${id}/tags/available`)).json();
    expect(rest.data.map((tag: { name: string }) => tag.name)).toEqual(['Área externa', 'Urgente']);
    const found = (await t.world.admin('GET', `/${id}/tags/available?q=area`)).json();
    expect(found.data).toEqual([{ id: tags[2]!.id, name: 'Área externa', color: 'b3bac5' }]);
  });

  it('adds a tag (201 with its colour), once; it shows on the order and in the list row', async () => {
    const { id } = await t.world.createInvoice();
    const tag = tags[0]!;
    const res = await t.world.admin('POST', `/${id}/tags/${tag.id}`);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ tagId: tag.id, name: 'Urgente', color: 'eb5a46' });
    const again = await t.world.admin('POST', `/${id}/tags/${tag.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual(['Esta etiqueta já está na ordem de serviço']);
    expect((await t.world.admin('GET', `/${id}`)).json().invoiceTags).toEqual([
      { tagId: tag.id, name: 'Urgente', color: 'eb5a46' },
    ]);
    const row = (await t.world.admin('GET', `/filter?q=${(await t.world.admin('GET', `/${id}`)).json().number}`))
      .json()
      .data.find((r: { id: number }) => r.id === id);
    expect(row.invoiceTags).toEqual([{ tagId: tag.id, name: 'Urgente', color: 'eb5a46' }]);
  });

  it('removes a tag; 404 when it is not on the order; audit lines for both', async () => {
    const { id } = await t.world.createInvoice();
    const tag = tags[1]!;
    await t.world.admin('POST', `/${id}/tags/${tag.id}`);
    expect((await t.world.admin('DELETE', `/${id}/tags/${tag.id}`)).statusCode).toBe(204);
    expect((await t.world.admin('DELETE', `/${id}/tags/${tag.id}`)).statusCode).toBe(404);
    expect((await t.world.admin('GET', `/${id}`)).json().invoiceTags).toEqual([]);
    const trail = (await t.world.auditOf(id))
      .filter((a) => a.action !== 'view')
      .slice(-2)
      .map((a) => [a.action, a.data]);
    expect(trail).toEqual([
      ['update', [{ field: 'tags', before: null, after: 'Garantia' }]],
      ['delete', [{ field: 'tags', before: 'Garantia', after: null }]],
    ]);
  });

  it('tags change on a closed order too: they are the shop’s own labels', async () => {
    const { id } = await t.world.createInvoice();
    await t.world.moveTo(id, InvoiceState.Completed);
    expect((await t.world.admin('POST', `/${id}/tags/${tags[1]!.id}`)).statusCode).toBe(201);
  });
});
