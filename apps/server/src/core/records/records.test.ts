import { describe, expect, it } from 'vitest';
import { perFile } from '../../../test/helpers.ts';
import { estimateWorld, type EstimateWorld } from '../../../test/estimate-fixtures.ts';

// Estimates and service orders share one record core: the same request gets the same answer on
// either kind. These were four disagreements between the two copies; each case runs on both kinds.
const t = perFile({ other: true, world: estimateWorld });

type Kind = {
  name: string;
  create(): Promise<number>;
  call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', rest: string, payload?: object): ReturnType<EstimateWorld['est']>;
  noun: string;
  /** Where the kind lists its General (type 1) comments. */
  generalComments: string;
};
const kinds: Kind[] = [
  {
    name: 'estimate',
    create: async () => (await t.world.createEstimate()).id,
    call: (method, rest, payload) => t.world.est(method, rest, payload),
    noun: 'do orçamento',
    generalComments: '/comments',
  },
  {
    name: 'service order',
    create: async () => (await t.world.createInvoice()).id,
    call: (method, rest, payload) => t.world.admin(method, rest, payload),
    noun: 'da ordem de serviço',
    generalComments: '/comments/type/1',
  },
];

describe.each(kinds)('$name', (kind) => {
  it('comments: added with their author, listed oldest first, removed once, each change audited', async () => {
    const id = await kind.create();
    const first = await kind.call('POST', `/${id}/comments`, { type: 1, comment: 'Primeiro' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ comment: 'Primeiro', type: 1, userName: expect.any(String) });
    expect((await kind.call('POST', `/${id}/comments`, { type: 1, comment: 'Segundo' })).statusCode).toBe(201);
    const texts = async () =>
      (await kind.call('GET', `/${id}${kind.generalComments}`))
        .json()
        .data.filter((c: { type: number }) => c.type === 1)
        .map((c: { comment: string }) => c.comment);
    expect(await texts()).toEqual(['Primeiro', 'Segundo']);
    expect((await kind.call('DELETE', `/${id}/comments/${first.json().id}`)).statusCode).toBe(204);
    expect((await kind.call('DELETE', `/${id}/comments/${first.json().id}`)).statusCode).toBe(404);
    expect(await texts()).toEqual(['Segundo']);
    // Another record's comment is not this record's, even in the same organization.
    const otherId = await kind.create();
    const elsewhere = await kind.call('POST', `/${otherId}/comments`, { type: 1, comment: 'Noutro' });
    expect((await kind.call('DELETE', `/${id}/comments/${elsewhere.json().id}`)).statusCode).toBe(404);
  });

  it('takes money up to R$ 99.999.999,99 and refuses more on the field that would pass it', async () => {
    const id = await kind.create();
    const line = await kind.call('POST', `/${id}/services`, { service: t.world.service.id, quantity: 1 });
    expect(line.statusCode).toBe(201);
    // Past the 32-bit integer that once capped estimates (R$ 21.474.836,47).
    const big = await kind.call('PATCH', `/${id}/services/${line.json().id}`, { price: 30_000_000 });
    expect(big.statusCode).toBe(200);
    expect((await kind.call('GET', `/${id}`)).json()).toMatchObject({ subTotal: 30_000_000 });
    const top = await kind.call('PATCH', `/${id}/services/${line.json().id}`, { price: 99_999_999.99 });
    expect(top.statusCode).toBe(200);
    const more = await kind.call('POST', `/${id}/services`, { service: t.world.service.id, quantity: 1 });
    expect(more.statusCode).toBe(422);
    expect(more.json().errors.quantity[0]).toMatch(/^O valor total .* ficaria acima do permitido$/);
    expect((await kind.call('GET', `/${id}`)).json()).toMatchObject({ subTotal: 99_999_999.99 });
  });

  it('an archived service, or a product or equipment not the organization’s, is a 422 on its field', async () => {
    const id = await kind.create();
    const archived = await kind.call('POST', `/${id}/services`, { service: t.world.archivedService.id, quantity: 1 });
    expect([archived.statusCode, archived.json().errors]).toEqual([
      422,
      { service: ['Serviço não encontrado ou excluído'] },
    ]);
    const product = await kind.call('POST', `/${id}/products`, { product: t.theirs.product.id, quantity: 1 });
    expect([product.statusCode, product.json().errors]).toEqual([422, { product: ['Produto não encontrado'] }]);
    const equipment = await kind.call('POST', `/${id}/equipments`, { equipment: t.theirs.equipment.id });
    expect([equipment.statusCode, equipment.json().errors]).toEqual([
      422,
      { equipment: [`O equipamento não pertence ao cliente ${kind.noun}`] },
    ]);
    const twice = await kind.call('POST', `/${id}/equipments`, { equipment: t.world.equipment.id });
    expect(twice.statusCode).toBe(201);
    const again = await kind.call('POST', `/${id}/equipments`, { equipment: t.world.equipment.id });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.equipment[0]).toMatch(/^Este equipamento já está n/);
  });
});
