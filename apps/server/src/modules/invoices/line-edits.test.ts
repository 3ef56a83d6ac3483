import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { EstimateStatus, InvoiceState } from '@ordem-certa/contracts';
import { eq } from 'drizzle-orm';
import { schema } from '@ordem-certa/db';
import { perFile } from '../../../test/helpers.ts';
import { estimateWorld } from '../../../test/estimate-fixtures.ts';
import { invoiceWorld, type InvoiceWorld } from '../../../test/invoice-fixtures.ts';

// Decimal quantities by the product's unit, per-line rounding, and lines edited in place (quantity,
// negotiated price, description) on orders and estimates: validation, access, audit, signatures.
const t = perFile({ other: true, world: estimateWorld });
let o: InvoiceWorld;
let kg: { id: number };
let drawn: string;

beforeAll(async () => {
  o = await invoiceWorld(t.ctx, t.org);
  const created = await t.ctx.app.inject({
    method: 'POST',
    url: `/api/organizations/${t.org.organization.id}/products`,
    headers: t.org.as(t.org.admin.token),
    payload: { name: 'Cobre em rolo', price: 79.5, unit: 'kg' },
  });
  expect(created.statusCode).toBe(201);
  expect(created.json()).toMatchObject({ unit: 'kg', price: 79.5 });
  kg = created.json();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="400" height="200" fill="#fff"/><path d="M20 150 C 80 20, 160 20, 200 120 S 330 180, 380 40" stroke="#000" stroke-width="3" fill="none"/></svg>`;
  drawn = `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
});

const quantityError = (res: { statusCode: number; json(): { errors: Record<string, string[]> } }) => {
  expect(res.statusCode).toBe(422);
  return res.json().errors.quantity?.[0];
};

describe('product units', () => {
  it('products are "un" unless said; an edit without a unit keeps it; an unknown unit is refused', async () => {
    const products = `/api/organizations/${t.org.organization.id}/products`;
    const headers = t.org.as(t.org.admin.token);
    const plain = await t.ctx.app.inject({
      method: 'POST',
      url: products,
      headers,
      payload: { name: 'Fita', price: 5 },
    });
    expect(plain.json().unit).toBe('un');
    const put = await t.ctx.app.inject({
      method: 'PUT',
      url: `${products}/${kg.id}`,
      headers,
      payload: { name: 'Cobre em rolo', price: 79.5 },
    });
    expect(put.json().unit).toBe('kg');
    const bad = await t.ctx.app.inject({
      method: 'POST',
      url: products,
      headers,
      payload: { name: 'X', price: 1, unit: 'tonelada' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.unit).toEqual(['Selecione uma unidade da lista']);
  });
});

describe('decimal quantities on orders', () => {
  it('a kg product takes 1.5 and 0.001; the line total is rounded to the cent on the line', async () => {
    const { id } = await t.world.createInvoice();
    const line = await t.world.admin('POST', `/${id}/products`, { product: kg.id, quantity: 1.5 });
    expect(line.statusCode).toBe(201);
    expect(line.json()).toMatchObject({ unit: 'kg', quantity: 1.5, price: 79.5 });
    let d = (await t.world.admin('GET', `/${id}`)).json();
    expect(d.invoiceProducts[0]).toMatchObject({ unit: 'kg', quantity: 1.5 });
    expect(d).toMatchObject({ subTotal: 119.25, total: 119.25 });

    // 0,001 kg × R$ 79,50 = R$ 0,0795: R$ 0,08 on its line.
    expect((await t.world.admin('POST', `/${id}/products`, { product: kg.id, quantity: 0.001 })).statusCode).toBe(201);
    // 0,333 kg three times: R$ 26,47 each (26,4735), R$ 79,41 together, not R$ 79,42 (0,999 × 79,50).
    for (let n = 0; n < 3; n++)
      expect((await t.world.admin('POST', `/${id}/products`, { product: kg.id, quantity: 0.333 })).statusCode).toBe(
        201,
      );
    d = (await t.world.admin('GET', `/${id}`)).json();
    expect(d.subTotal).toBe(119.25 + 0.08 + 79.41);
    expect(d.total).toBe(d.subTotal);
    const { invoiceProducts } = d as { invoiceProducts: Array<{ quantity: number; unit: string }> };
    expect(invoiceProducts.map((l) => l.quantity)).toEqual([1.5, 0.001, 0.333, 0.333, 0.333]);
  });

  it('refuses more than 3 decimals and less than 0.001 on a kg product', async () => {
    const { id } = await t.world.createInvoice();
    expect(quantityError(await t.world.admin('POST', `/${id}/products`, { product: kg.id, quantity: 1.2345 }))).toBe(
      'Use no máximo 3 casas decimais',
    );
    expect(quantityError(await t.world.admin('POST', `/${id}/products`, { product: kg.id, quantity: 0 }))).toBe(
      'A quantidade mínima é 0,001',
    );
    expect((await t.world.admin('GET', `/${id}`)).json().invoiceProducts).toEqual([]);
  });

  it("'un' products and services refuse 1.5 and 0 with a pt-BR message on quantity", async () => {
    const { id } = await t.world.createInvoice();
    const whole = 'A quantidade deve ser um número inteiro';
    expect(
      quantityError(await t.world.admin('POST', `/${id}/products`, { product: t.world.product.id, quantity: 1.5 })),
    ).toBe(whole);
    expect(
      quantityError(await t.world.admin('POST', `/${id}/products`, { product: t.world.product.id, quantity: 0 })),
    ).toBe('A quantidade mínima é 1');
    expect(
      quantityError(await t.world.admin('POST', `/${id}/services`, { service: t.world.service.id, quantity: 1.5 })),
    ).toBe(whole);
    expect(
      quantityError(await t.world.admin('POST', `/${id}/services`, { service: t.world.service.id, quantity: 0 })),
    ).toBe('A quantidade mínima é 1');
    expect(
      quantityError(await t.world.admin('POST', `/${id}/services`, { service: t.world.service.id, quantity: '1,5' })),
    ).toBe('Informe a quantidade');
    const d = (await t.world.admin('GET', `/${id}`)).json();
    expect(d).toMatchObject({ invoiceServices: [], invoiceProducts: [], subTotal: 0 });
  });
});

describe('decimal quantities on estimates', () => {
  it('kg lines take decimals, whole lines refuse them; the subtotal rounds per line', async () => {
    const { id } = await t.world.createEstimate();
    expect((await t.world.est('POST', `/${id}/products`, { product: kg.id, quantity: 1.5 })).statusCode).toBe(201);
    expect((await t.world.est('POST', `/${id}/products`, { product: kg.id, quantity: 0.001 })).statusCode).toBe(201);
    expect(quantityError(await t.world.est('POST', `/${id}/products`, { product: kg.id, quantity: 0.0001 }))).toBe(
      'Use no máximo 3 casas decimais',
    );
    expect(
      quantityError(await t.world.est('POST', `/${id}/products`, { product: t.world.product.id, quantity: 1.5 })),
    ).toBe('A quantidade deve ser um número inteiro');
    expect(
      quantityError(await t.world.est('POST', `/${id}/services`, { service: t.world.service.id, quantity: 1.5 })),
    ).toBe('A quantidade deve ser um número inteiro');
    expect(
      quantityError(await t.world.est('POST', `/${id}/services`, { service: t.world.service.id, quantity: 0 })),
    ).toBe('A quantidade mínima é 1');
    const d = (await t.world.est('GET', `/${id}`)).json();
    expect(d.estimateProducts.map((l: { unit: string; quantity: number }) => [l.unit, l.quantity])).toEqual([
      ['kg', 1.5],
      ['kg', 0.001],
    ]);
    expect(d).toMatchObject({ subTotal: 119.33, total: 119.33, estimateServices: [] });
  });
});

describe('editing order lines in place', () => {
  it('401 without a token, 403 for a collaborator, 404 for another organization or line', async () => {
    const { id } = await t.world.createInvoice();
    await t.world.assignWorker(id);
    const line = (await t.world.admin('POST', `/${id}/services`, { service: t.world.service.id, quantity: 1 })).json();
    const anon = await t.ctx.app.inject({
      method: 'PATCH',
      url: t.world.url(`/${id}/services/${line.id}`),
      payload: {},
    });
    expect(anon.statusCode).toBe(401);
    expect((await t.world.worker('PATCH', `/${id}/services/${line.id}`, { quantity: 2 })).statusCode).toBe(403);
    const mine = await t.world.call(t.other.admin.token, 'PATCH', `/${id}/services/${line.id}`, { quantity: 2 });
    expect(mine.statusCode).toBe(403); // the path's organization is not the token's
    const theirsOrder = await t.theirs.createInvoice();
    expect((await t.world.admin('PATCH', `/${theirsOrder.id}/services/${line.id}`, { quantity: 2 })).statusCode).toBe(
      404,
    );
    const theirLine = (
      await t.theirs.admin('POST', `/${theirsOrder.id}/services`, { service: t.theirs.service.id, quantity: 1 })
    ).json();
    expect((await t.world.admin('PATCH', `/${id}/services/${theirLine.id}`, { quantity: 2 })).statusCode).toBe(404);
    expect((await t.world.admin('PATCH', `/${id}/products/${line.id}`, { quantity: 2 })).statusCode).toBe(404);
    expect((await t.world.admin('GET', `/${id}`)).json().invoiceServices[0].quantity).toBe(1);
  });

  it('changes quantity, price and description; the catalogue keeps its price; the change is audited', async () => {
    const { id } = await t.world.createInvoice();
    const line = (
      await t.world.admin('POST', `/${id}/services`, {
        service: t.world.service.id,
        quantity: 1,
        description: 'Sala 1',
      })
    ).json();
    const res = await t.world.admin('PATCH', `/${id}/services/${line.id}`, {
      quantity: 3,
      price: 150.5,
      description: '  Sala 2 ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: line.id, quantity: 3, price: 150.5, description: 'Sala 2' });
    const d = (await t.world.admin('GET', `/${id}`)).json();
    expect(d.invoiceServices[0]).toMatchObject({ quantity: 3, price: 150.5, description: 'Sala 2' });
    expect(d).toMatchObject({ subTotal: 451.5, total: 451.5 });
    const [service] = await t.ctx.database.db
      .select()
      .from(schema.services)
      .where(eq(schema.services.id, t.world.service.id));
    expect(service!.priceCents).toBe(18000);
    const last = (await o.auditOf(id)).filter((a) => a.action !== 'view').at(-1)!;
    expect(last.action).toBe('update');
    expect(last.data).toEqual([
      {
        field: 'services',
        before: { name: 'Limpeza de split', quantity: 1, price: 180, description: 'Sala 1' },
        after: { name: 'Limpeza de split', quantity: 3, price: 150.5, description: 'Sala 2' },
      },
      { field: 'subTotal', before: 180, after: 451.5 },
    ]);
  });

  it('a kg line takes a decimal quantity; validation on the fields changes nothing', async () => {
    const { id } = await t.world.createInvoice();
    const line = (await t.world.admin('POST', `/${id}/products`, { product: kg.id, quantity: 1 })).json();
    const edited = await t.world.admin('PATCH', `/${id}/products/${line.id}`, { quantity: 1.5 });
    expect(edited.json()).toMatchObject({ quantity: 1.5, unit: 'kg' });
    expect((await t.world.admin('GET', `/${id}`)).json().subTotal).toBe(119.25);
    expect(quantityError(await t.world.admin('PATCH', `/${id}/products/${line.id}`, { quantity: 1.0005 }))).toBe(
      'Use no máximo 3 casas decimais',
    );
    const unit = (await t.world.admin('POST', `/${id}/products`, { product: t.world.product.id, quantity: 1 })).json();
    expect(quantityError(await t.world.admin('PATCH', `/${id}/products/${unit.id}`, { quantity: 1.5 }))).toBe(
      'A quantidade deve ser um número inteiro',
    );
    const price = await t.world.admin('PATCH', `/${id}/products/${unit.id}`, { price: 0 });
    expect(price.statusCode).toBe(422);
    expect(price.json().errors.price).toEqual(['O preço deve ser de no mínimo R$ 0,01']);
    const cents = await t.world.admin('PATCH', `/${id}/products/${unit.id}`, { price: 1.005 });
    expect(cents.json().errors.price).toEqual(['Use no máximo 2 casas decimais']);
    const nothing = await t.world.admin('PATCH', `/${id}/products/${unit.id}`, {});
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().errors.quantity).toEqual(['Informe a quantidade, o preço ou a descrição a alterar']);
    const services = (
      await t.world.admin('POST', `/${id}/services`, { service: t.world.service.id, quantity: 1 })
    ).json();
    expect(quantityError(await t.world.admin('PATCH', `/${id}/services/${services.id}`, { quantity: 0.5 }))).toBe(
      'A quantidade deve ser um número inteiro',
    );
    const tooLong = await t.world.admin('PATCH', `/${id}/services/${services.id}`, { description: 'x'.repeat(1001) });
    expect(tooLong.json().errors.description).toEqual(['Deve ter no máximo 1000 caracteres']);
    const d = (await t.world.admin('GET', `/${id}`)).json();
    expect(d.invoiceProducts.map((l: { quantity: number; price: number }) => [l.quantity, l.price])).toEqual([
      [1.5, 79.5],
      [1, 35.9],
    ]);
    expect(d.subTotal).toBe(119.25 + 35.9 + 180);
  });

  it('refuses a total past the largest amount on the field that raised it', async () => {
    const { id } = await t.world.createInvoice();
    const line = (await t.world.admin('POST', `/${id}/products`, { product: kg.id, quantity: 1 })).json();
    const res = await t.world.admin('PATCH', `/${id}/products/${line.id}`, { quantity: 100_000, price: 99_999_999.99 });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['quantity']);
    expect((await t.world.admin('GET', `/${id}`)).json().subTotal).toBe(79.5);
  });

  it('not on Completed or Canceled orders (as adding and removing lines)', async () => {
    const { id } = await t.world.createInvoice();
    const line = (await t.world.admin('POST', `/${id}/services`, { service: t.world.service.id, quantity: 1 })).json();
    await o.moveTo(id, InvoiceState.Completed);
    const res = await t.world.admin('PATCH', `/${id}/services/${line.id}`, { price: 10 });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual(['Ordens de serviço canceladas ou concluídas não podem ser alteradas']);
    const canceled = await t.world.createInvoice();
    const l2 = (
      await t.world.admin('POST', `/${canceled.id}/services`, { service: t.world.service.id, quantity: 1 })
    ).json();
    await o.moveTo(canceled.id, InvoiceState.Canceled);
    expect((await t.world.admin('PATCH', `/${canceled.id}/services/${l2.id}`, { quantity: 2 })).statusCode).toBe(409);
  });
});

describe('line edits and the signature', () => {
  const tokenOf = (signUrl: string) => new URL(signUrl, 'http://x').searchParams.get('token')!;
  async function signedOrder() {
    const { id } = await t.world.createInvoice();
    const service = (
      await t.world.admin('POST', `/${id}/services`, {
        service: t.world.service.id,
        quantity: 2,
        description: 'Sala 3',
      })
    ).json();
    const product = (await t.world.admin('POST', `/${id}/products`, { product: kg.id, quantity: 1.5 })).json();
    await o.moveTo(id, InvoiceState.Wip);
    const token = tokenOf((await t.world.admin('GET', `/${id}`)).json().signUrl);
    const signed = await t.ctx.app.inject({
      method: 'POST',
      url: `/api/public/invoices/${id}/sign?token=${token}`,
      payload: { signature: drawn, signerName: 'Maria Cliente' },
    });
    expect(signed.statusCode).toBe(200);
    const d = (await t.world.admin('GET', `/${id}`)).json();
    expect(d.isSigned).toBe(true);
    return { id, service, product, token };
  }
  const state = async (id: number) => {
    const d = (await t.world.admin('GET', `/${id}`)).json();
    return { isSigned: d.isSigned, isOutdated: d.signature?.isOutdated };
  };

  it('a change of what the customer was shown outdates it; the same values keep it valid', async () => {
    const { id, service, product, token } = await signedOrder();
    // The same values again, written another way (1.500 kg, R$ 180,00): nothing shown changed.
    expect(
      (await t.world.admin('PATCH', `/${id}/products/${product.id}`, { quantity: 1.5, price: 79.5 })).statusCode,
    ).toBe(200);
    expect(
      (await t.world.admin('PATCH', `/${id}/services/${service.id}`, { price: 180, quantity: 2 })).statusCode,
    ).toBe(200);
    expect(await state(id)).toEqual({ isSigned: true, isOutdated: false });
    const pub = (await t.ctx.app.inject({ method: 'GET', url: `/api/public/invoices/${id}?token=${token}` })).json();
    expect(pub).toMatchObject({
      isSigned: true,
      products: [{ unit: 'kg', quantity: 1.5, price: 79.5 }],
      total: 479.25,
    });

    // A new description is shown to the customer: outdated.
    await t.world.admin('PATCH', `/${id}/services/${service.id}`, { description: 'Sala 4' });
    expect(await state(id)).toEqual({ isSigned: false, isOutdated: true });
    // Back to what was signed: the signature covers it again.
    await t.world.admin('PATCH', `/${id}/services/${service.id}`, { description: 'Sala 3' });
    expect(await state(id)).toEqual({ isSigned: true, isOutdated: false });
  });

  it('a negotiated price or a quantity outdates it', async () => {
    const a = await signedOrder();
    await t.world.admin('PATCH', `/${a.id}/products/${a.product.id}`, { price: 70 });
    expect(await state(a.id)).toEqual({ isSigned: false, isOutdated: true });
    const b = await signedOrder();
    await t.world.admin('PATCH', `/${b.id}/products/${b.product.id}`, { quantity: 1.501 });
    expect(await state(b.id)).toEqual({ isSigned: false, isOutdated: true });
  });
});

describe('editing estimate lines in place', () => {
  it('401, collaborator 403, another organization 404', async () => {
    const { id } = await t.world.createEstimate();
    const line = (await t.world.ok('POST', `/${id}/products`, { product: kg.id, quantity: 1 })) as { id: number };
    const anon = await t.ctx.app.inject({
      method: 'PATCH',
      url: t.world.url(`/${id}/products/${line.id}`),
      payload: {},
    });
    expect(anon.statusCode).toBe(401);
    expect(
      (await t.world.call(t.org.worker.token, 'PATCH', `/${id}/products/${line.id}`, { quantity: 2 })).statusCode,
    ).toBe(403);
    const their = await t.theirs.createEstimate();
    expect((await t.world.est('PATCH', `/${their.id}/products/${line.id}`, { quantity: 2 })).statusCode).toBe(404);
    expect((await t.world.est('PATCH', `/${id}/services/${line.id}`, { quantity: 2 })).statusCode).toBe(404);
  });

  it('edits quantity, price and description while Draft or Wip, with the audit trail', async () => {
    const { id } = await t.world.createEstimate();
    const p = (await t.world.ok('POST', `/${id}/products`, { product: kg.id, quantity: 1 })) as { id: number };
    const s = (await t.world.ok('POST', `/${id}/services`, { service: t.world.service.id, quantity: 1 })) as {
      id: number;
    };
    const edited = await t.world.est('PATCH', `/${id}/products/${p.id}`, { quantity: 2.25, price: 80 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ unit: 'kg', quantity: 2.25, price: 80 });
    await t.world.moveTo(id, EstimateStatus.Wip);
    const svc = await t.world.est('PATCH', `/${id}/services/${s.id}`, { description: 'Com escada', quantity: 2 });
    expect(svc.json()).toMatchObject({ description: 'Com escada', quantity: 2, price: 180 });
    expect(quantityError(await t.world.est('PATCH', `/${id}/services/${s.id}`, { quantity: 2.5 }))).toBe(
      'A quantidade deve ser um número inteiro',
    );
    const d = (await t.world.est('GET', `/${id}`)).json();
    expect(d).toMatchObject({ subTotal: 180 + 360, total: 540 });
    const audit = (await t.world.auditOf(id)).filter((a) => a.action === 'update').at(-1)!;
    expect(audit.data).toEqual([
      {
        field: 'services',
        before: { name: 'Limpeza de split', quantity: 1, price: 180, isGrouped: false },
        after: { name: 'Limpeza de split', quantity: 2, price: 180, description: 'Com escada', isGrouped: false },
      },
      { field: 'subTotal', before: 360, after: 540 },
    ]);
  });

  it('not once Completed or Canceled', async () => {
    const { id } = await t.world.createEstimate();
    const s = (await t.world.ok('POST', `/${id}/services`, { service: t.world.service.id, quantity: 1 })) as {
      id: number;
    };
    await t.world.moveTo(id, EstimateStatus.Completed);
    expect((await t.world.est('PATCH', `/${id}/services/${s.id}`, { price: 10 })).statusCode).toBe(409);
    const c = await t.world.createEstimate();
    const s2 = (await t.world.ok('POST', `/${c.id}/services`, { service: t.world.service.id, quantity: 1 })) as {
      id: number;
    };
    await t.world.moveTo(c.id, EstimateStatus.Canceled);
    expect((await t.world.est('PATCH', `/${c.id}/services/${s2.id}`, { price: 10 })).statusCode).toBe(409);
    expect((await t.world.est('GET', `/${c.id}`)).json().estimateServices[0].price).toBe(180);
  });
});
