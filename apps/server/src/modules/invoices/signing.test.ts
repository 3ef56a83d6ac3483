import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { InvoiceState } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { eq } from 'drizzle-orm';
import { perFile } from '../../../test/helpers.ts';
import { allKeys, invoiceWorld } from '../../../test/invoice-fixtures.ts';

// The customer's signature through the public link: the link, the public API, the evidence, outdating.
const t = perFile({ world: invoiceWorld });
let drawn: string;
let blank: string;

beforeAll(async () => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="400" height="200" fill="#fff"/><path d="M20 150 C 80 20, 160 20, 200 120 S 330 180, 380 40" stroke="#000" stroke-width="3" fill="none"/></svg>`;
  drawn = `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
  const white = await sharp({ create: { width: 400, height: 200, channels: 4, background: '#ffffff' } })
    .png()
    .toBuffer();
  blank = `data:image/png;base64,${white.toString('base64')}`;
});

const tokenOf = (signUrl: string) => new URL(signUrl, 'http://x').searchParams.get('token')!;
const publicGet = (id: number, token?: string) =>
  t.ctx.app.inject({ method: 'GET', url: `/api/public/invoices/${id}${token !== undefined ? `?token=${token}` : ''}` });
const publicSign = (id: number, token: string | undefined, payload: object, headers: Record<string, string> = {}) =>
  t.ctx.app.inject({
    method: 'POST',
    url: `/api/public/invoices/${id}/sign${token !== undefined ? `?token=${encodeURIComponent(token)}` : ''}`,
    payload,
    remoteAddress: '177.10.20.30',
    // Forged: no proxy is trusted here, so the evidence keeps the socket's address.
    headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Teste', 'x-forwarded-for': '6.6.6.6', ...headers },
  });

/** An order with a service and an equipment, started, and its signing token. */
async function orderToSign() {
  const { id } = await t.world.createInvoice();
  await t.world.admin('POST', `/${id}/services`, { service: t.world.service.id, quantity: 2, description: 'Sala 3' });
  await t.world.admin('POST', `/${id}/equipments`, { equipment: t.world.equipment.id });
  await t.world.moveTo(id, InvoiceState.Wip);
  const detail = (await t.world.admin('GET', `/${id}`)).json();
  return { id, detail, token: tokenOf(detail.signUrl) };
}

describe('the signing link', () => {
  it('GET invoices/{id} carries signUrl while unsigned, with an unguessable token', async () => {
    const { id, detail, token } = await orderToSign();
    expect(detail).toMatchObject({ isSigned: false, signature: null });
    expect(detail.signUrl).toBe(`/invoices/${id}/sign?token=${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const { token: another } = await orderToSign();
    expect(another).not.toBe(token);
  });

  it('an admin renews it: the old link stops working, the new one works; a collaborator cannot', async () => {
    const { id, token } = await orderToSign();
    await t.world.assignWorker(id);
    expect((await t.world.worker('POST', `/${id}/sign-link`)).statusCode).toBe(403);
    const renewed = await t.world.admin('POST', `/${id}/sign-link`);
    expect(renewed.statusCode).toBe(200);
    const fresh = tokenOf(renewed.json().signUrl);
    expect(fresh).not.toBe(token);
    expect((await publicGet(id, token)).statusCode).toBe(404);
    expect((await publicGet(id, fresh)).statusCode).toBe(200);
    expect((await t.world.admin('GET', `/${id}`)).json().signUrl).toBe(`/invoices/${id}/sign?token=${fresh}`);
  });
});

describe('public API', () => {
  it('without a token, with a wrong one, or for an unknown id: 404 and nothing else', async () => {
    const { id, token } = await orderToSign();
    for (const res of [
      await publicGet(id),
      await publicGet(id, ''),
      await publicGet(id, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`),
      await publicGet(id + 100000, token),
      await publicGet(id, 'x'.repeat(500)),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().errors).toEqual(['Link de assinatura inválido ou revogado. Peça um novo link à empresa.']);
    }
    expect((await publicSign(id, undefined, { signature: drawn, signerName: 'Maria' })).statusCode).toBe(404);
    expect((await publicSign(id, 'errado', { signature: drawn, signerName: 'Maria' })).statusCode).toBe(404);
  });

  it('shows what is signed, values included, and nothing more: no internal field', async () => {
    const { id, detail, token } = await orderToSign();
    expect((await t.world.admin('POST', `/${id}/discount`, { discount: 10 })).statusCode).toBe(200);
    const res = await publicGet(id, token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id,
      number: detail.number,
      customerName: detail.customerName,
      customerIdentifier: detail.customerIdentifier,
      companyName: detail.companyName,
      isSigned: false,
      isOutdated: false,
      canSign: true,
      signature: null,
      services: [{ name: 'Limpeza de split', description: 'Sala 3', quantity: 2, price: 180 }],
      equipments: [{ name: 'Split 12k', brand: 'LG', model: 'S4', serialNumber: 'SN-1' }],
      subTotal: 360,
      discount: 10,
      total: 350,
    });
    const keys = allKeys(body);
    for (const k of [
      'signToken',
      'invoiceInfo1',
      'payrollBonus',
      'paymentDate',
      'organizationId',
      'ip',
      'reportedProblem',
    ]) {
      expect(keys.has(k), k).toBe(false);
    }
  });

  it('422 for an empty pad, a non-PNG, and a missing signer name; nothing is stored', async () => {
    const { id, token } = await orderToSign();
    const cases: Array<[object, Record<string, string[]>]> = [
      [
        { signature: blank, signerName: 'Maria' },
        { signature: ['A Ordem de Serviço deve ser assinada antes de continuar'] },
      ],
      [
        { signature: 'data:image/png;base64,aGVsbG8=', signerName: 'Maria' },
        { signature: ['A Ordem de Serviço deve ser assinada antes de continuar'] },
      ],
      [{ signature: 'data:image/jpeg;base64,/9j/4AAQ', signerName: 'Maria' }, { signature: ['Assinatura inválida'] }],
      [{ signerName: 'Maria' }, { signature: ['A Ordem de Serviço deve ser assinada antes de continuar'] }],
      [{ signature: drawn, signerName: ' ' }, { signerName: ['Informe o nome de quem assina'] }],
      [{ signature: drawn }, { signerName: ['Informe o nome de quem assina'] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await publicSign(id, token, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(422);
      expect(res.json().errors).toEqual(errors);
    }
    expect((await t.world.admin('GET', `/${id}`)).json().signature).toBeNull();
  });
});

describe('anonymous load', () => {
  it('a wrong token is refused before the drawing is looked at', async () => {
    const { id } = await orderToSign();
    // Not an image at all: were it decoded first, this would be a 422.
    const res = await publicSign(id, 'errado', { signature: 'data:image/png;base64,aGVsbG8=', signerName: 'Maria' });
    expect(res.statusCode).toBe(404);
  });

  it('a drawing larger than any signature pad makes (over 6 MP) is refused, nothing stored', async () => {
    const { id, token } = await orderToSign();
    const huge = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#fff' } })
      .composite([{ input: Buffer.from('<svg width="200" height="20"><rect width="200" height="20"/></svg>') }])
      .png()
      .toBuffer();
    const res = await publicSign(id, token, {
      signature: `data:image/png;base64,${huge.toString('base64')}`,
      signerName: 'Maria',
    });
    expect(res.statusCode).toBe(422);
    expect((await t.world.admin('GET', `/${id}`)).json().signature).toBeNull();
  });
});

/** The bytes of a PNG data URL. */
const printBytes = (dataUrl: string) => Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');

describe("the signature's image", () => {
  it('is the print copy as PNG, for the admin and the technician on the order; anyone else and another id get 404', async () => {
    const { id, token } = await orderToSign();
    expect((await publicSign(id, token, { signature: drawn, signerName: 'Maria' })).statusCode).toBe(200);
    const [stored] = await t.ctx.database.db
      .select()
      .from(schema.invoiceSignatures)
      .where(eq(schema.invoiceSignatures.invoiceId, id));
    const path = `/${id}/signatures/${stored!.id}/image`;

    const res = await t.world.admin('GET', path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    expect(res.rawPayload).toEqual(printBytes(stored!.printImage));

    // A technician sees it only on an order they work on.
    expect((await t.world.worker('GET', path)).statusCode).toBe(404);
    await t.world.assignWorker(id);
    expect((await t.world.worker('GET', path)).statusCode).toBe(200);

    // Another order's path, or an id that is no signature of this order.
    const other = await t.world.createInvoice();
    expect((await t.world.admin('GET', `/${other.id}/signatures/${stored!.id}/image`)).statusCode).toBe(404);
    expect((await t.world.admin('GET', `/${id}/signatures/${stored!.id + 1000}/image`)).statusCode).toBe(404);
  });
});

describe('signing', () => {
  it('stores the signature with its evidence; the order shows its small copy; a second signature is refused', async () => {
    const { id, token } = await orderToSign();
    const res = await publicSign(id, token, { signature: drawn, signerName: '  Maria da Silva ' });
    expect(res.statusCode).toBe(200);
    const [stored] = await t.ctx.database.db
      .select()
      .from(schema.invoiceSignatures)
      .where(eq(schema.invoiceSignatures.invoiceId, id));
    expect(stored!.contentHash).toMatch(/^[0-9a-f]{64}$/);
    // The drawing as the phone sent it is kept as evidence; screens get the trimmed, small copy.
    expect(stored!.image).toBe(drawn);
    expect(stored!.printImage).toMatch(/^data:image\/png;base64,/);
    expect(stored!.printImage.length).toBeLessThan(drawn.length);
    expect(res.json()).toMatchObject({
      isSigned: true,
      canSign: false,
      signature: stored!.printImage,
      signerName: 'Maria da Silva',
    });
    expect(Date.now() - Date.parse(res.json().signedAt)).toBeLessThan(60_000);

    const detail = (await t.world.admin('GET', `/${id}`)).json();
    expect(detail).toMatchObject({
      isSigned: true,
      signUrl: null,
      signature: {
        id: stored!.id,
        width: (await sharp(printBytes(stored!.printImage)).metadata()).width,
        height: (await sharp(printBytes(stored!.printImage)).metadata()).height,
        signerName: 'Maria da Silva',
        ip: '177.10.20.30',
        userAgent: 'Mozilla/5.0 (Linux; Android 14) Teste',
        isOutdated: false,
      },
    });

    // The order's answer carries no image: the print copy is its own request.
    expect(JSON.stringify(detail)).not.toContain('data:image');

    const again = await publicSign(id, token, { signature: drawn, signerName: 'Outra pessoa' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual(['Esta ordem de serviço já foi assinada']);
    const system = (await t.world.admin('GET', `/${id}/comments/type/4`)).json().data.at(-1);
    expect(system.comment).toMatch(
      /^Assinada pelo cliente: Maria da Silva, em \d\d\/\d\d\/\d{4}, \d\d:\d\d, pelo link de assinatura \(IP 177\.10\.20\.30\)\.$/,
    );
    expect((await t.world.auditOf(id)).filter((a) => a.action !== 'view').at(-1)).toMatchObject({
      userId: null,
      data: [{ field: 'signature', before: null, after: 'Maria da Silva' }],
    });
  });

  it('two phones signing at once: one signature, one 409', async () => {
    const { id, token } = await orderToSign();
    const results = await Promise.all([
      publicSign(id, token, { signature: drawn, signerName: 'Maria' }),
      publicSign(id, token, { signature: drawn, signerName: 'João' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.ctx.database.db
      .select()
      .from(schema.invoiceSignatures)
      .where(eq(schema.invoiceSignatures.invoiceId, id));
    expect(rows).toHaveLength(1);
  });

  it('a change of lines or prices outdates it; it can then be signed again, the old one kept', async () => {
    const { id, token } = await orderToSign();
    await publicSign(id, token, { signature: drawn, signerName: 'Maria' });
    // Workers, comments and tags do not change what the customer signed.
    await t.world.assignWorker(id);
    await t.world.admin('POST', `/${id}/comments`, { comment: 'Cliente acompanhou', type: 1 });
    expect((await t.world.admin('GET', `/${id}`)).json().isSigned).toBe(true);

    await t.world.admin('POST', `/${id}/products`, { product: t.world.product.id, quantity: 1 });
    const detail = (await t.world.admin('GET', `/${id}`)).json();
    expect(detail).toMatchObject({ isSigned: false, signature: { signerName: 'Maria', isOutdated: true } });
    expect(detail.signUrl).toBe(`/invoices/${id}/sign?token=${token}`);
    const page = (await publicGet(id, token)).json();
    expect(page).toMatchObject({ isSigned: false, isOutdated: true, canSign: true, signature: null });

    const resigned = await publicSign(id, token, { signature: drawn, signerName: 'Maria' });
    expect(resigned.statusCode).toBe(200);
    expect((await t.world.admin('GET', `/${id}`)).json()).toMatchObject({ isSigned: true, signUrl: null });
    const rows = await t.ctx.database.db
      .select()
      .from(schema.invoiceSignatures)
      .where(eq(schema.invoiceSignatures.invoiceId, id));
    expect(rows).toHaveLength(2);
    expect((await t.world.admin('GET', `/${id}/comments/type/4`)).json().data.at(-1).comment).toMatch(
      /^Assinada novamente pelo cliente: Maria/,
    );

    // A discount is a price change too.
    await t.world.admin('POST', `/${id}/discount`, { discount: 10 });
    expect((await t.world.admin('GET', `/${id}`)).json().signature.isOutdated).toBe(true);
  });

  it('a Canceled order cannot be signed', async () => {
    const { id, token } = await orderToSign();
    await t.world.admin('POST', `/${id}/cancel/${t.world.statusOf(InvoiceState.Canceled).id}`);
    expect((await publicGet(id, token)).json().canSign).toBe(false);
    const res = await publicSign(id, token, { signature: drawn, signerName: 'Maria' });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual(['Ordens de serviço canceladas não podem ser assinadas']);
  });

  it('the collaborator on the order gets a link of their own that opens the order without any value', async () => {
    const { id, token } = await orderToSign();
    await t.world.admin('POST', `/${id}/discount`, { discount: 10 });
    await t.world.assignWorker(id);
    const signUrl: string = (await t.world.worker('GET', `/${id}`)).json().signUrl;
    const theirs = tokenOf(signUrl);
    expect(signUrl).toBe(`/invoices/${id}/sign?token=${encodeURIComponent(theirs)}`);
    expect(theirs).not.toBe(token);
    expect(theirs).not.toContain(token);

    // The customer's link shows the values; the collaborator's leaves them out of the answer itself.
    const full = (await publicGet(id, token)).json();
    expect(full).toMatchObject({ withValues: true, subTotal: expect.any(Number), total: expect.any(Number) });
    expect(full.services[0].price).toEqual(expect.any(Number));
    const res = await publicGet(id, encodeURIComponent(theirs));
    expect(res.statusCode).toBe(200);
    const bare = res.json();
    expect(bare.withValues).toBe(false);
    expect(bare.services).toEqual([{ name: full.services[0].name, description: 'Sala 3', quantity: 2 }]);
    for (const key of ['subTotal', 'discount', 'total']) expect(bare).not.toHaveProperty(key);
    expect(res.body).not.toMatch(/price|total|discount/i);

    // It is bound to this order's token: not another order's, not altered, and renewing the link ends it.
    const other = await orderToSign();
    expect((await publicGet(other.id, encodeURIComponent(theirs))).statusCode).toBe(404);
    expect(
      (await publicGet(id, encodeURIComponent(`${theirs.slice(0, -1)}${theirs.endsWith('A') ? 'B' : 'A'}`))).statusCode,
    ).toBe(404);
    expect((await publicGet(id, encodeURIComponent(`nv.${token}`))).statusCode).toBe(404);

    // The technician hands the phone over: the customer signs through it, and the answer stays bare.
    const signed = await publicSign(id, theirs, { signature: drawn, signerName: 'Maria Cliente' });
    expect(signed.statusCode).toBe(200);
    expect(signed.json()).toMatchObject({ isSigned: true, withValues: false, signerName: 'Maria Cliente' });
    expect(signed.body).not.toMatch(/price|total|discount/i);

    const renewed = tokenOf((await t.world.admin('POST', `/${id}/sign-link`)).json().signUrl);
    expect(renewed).not.toBe(token);
    expect((await publicGet(id, encodeURIComponent(theirs))).statusCode).toBe(404);
  });
});
