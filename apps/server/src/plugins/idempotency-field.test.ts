import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { idempotencyMessages, InvoiceState, paperworkMessages } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { perFile } from '../../test/helpers.ts';
import { invoiceWorld } from '../../test/invoice-fixtures.ts';
import { multipartFiles } from '../../test/factories.ts';

// Idempotency-Key on what a technician sends from the field, which an offline queue may send again:
// photos (multipart), state changes, comments and the customer's signature.
const t = perFile({ world: invoiceWorld });

let drawn: string;
let otherDrawing: string;
const drawing = async (path: string) => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="400" height="200" fill="#fff"/><path d="${path}" stroke="#000" stroke-width="3" fill="none"/></svg>`;
  return `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
};
beforeAll(async () => {
  drawn = await drawing('M20 150 C 80 20, 160 20, 200 120 S 330 180, 380 40');
  otherDrawing = await drawing('M20 20 L 380 180');
});

const photo = (background: string) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** Photos sent as the browser sends them: each request with its own multipart boundary. */
const upload = (token: string, invoiceId: number, data: Buffer, key?: string) => {
  const mp = multipartFiles('attachment', [{ data, filename: 'foto.jpg', contentType: 'image/jpeg' }]);
  return t.ctx.app.inject({
    method: 'POST',
    url: t.world.url(`/${invoiceId}/attachments/pictures`),
    headers: { ...t.org.as(token), ...mp.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: mp.payload,
  });
};
const picturesOf = (invoiceId: number) =>
  t.ctx.database.db.select().from(schema.invoicePictures).where(eq(schema.invoicePictures.invoiceId, invoiceId));

/** An order the collaborator works on. */
async function workerOrder() {
  const { id } = await t.world.createInvoice();
  await t.world.assignWorker(id);
  return id;
}

const asWorker = (method: 'POST', rest: string, key: string, payload?: object) =>
  t.ctx.app.inject({
    method,
    url: t.world.url(rest),
    headers: { ...t.org.as(t.org.worker.token), 'idempotency-key': key },
    ...(payload ? { payload } : {}),
  });

describe('Idempotency-Key on photo uploads (multipart)', () => {
  it('a photo sent twice with one key: one photo, and the first answer again', async () => {
    const id = await workerOrder();
    const key = randomUUID();
    const data = await photo('#2a7ab0');
    const first = await upload(t.org.worker.token, id, data, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await upload(t.org.worker.token, id, data, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await picturesOf(id)).toHaveLength(1);
  });

  it('another photo under the same key: 422 on the key, nothing written', async () => {
    const id = await workerOrder();
    const key = randomUUID();
    expect((await upload(t.org.worker.token, id, await photo('#2a7ab0'), key)).statusCode).toBe(201);
    const other = await upload(t.org.worker.token, id, await photo('#b02a2a'), key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ errors: { idempotencyKey: [idempotencyMessages.reusedKey] } });
    expect(await picturesOf(id)).toHaveLength(1);
  });

  it('two users with the same key: two photos', async () => {
    const id = await workerOrder();
    const key = randomUUID();
    const data = await photo('#2ab05a');
    expect((await upload(t.org.worker.token, id, data, key)).statusCode).toBe(201);
    expect((await upload(t.org.admin.token, id, data, key)).statusCode).toBe(201);
    expect(await picturesOf(id)).toHaveLength(2);
  });

  it('without the key, the same photo twice is two photos', async () => {
    const id = await workerOrder();
    const data = await photo('#2a7ab0');
    for (let n = 0; n < 2; n++) expect((await upload(t.org.worker.token, id, data)).statusCode).toBe(201);
    expect(await picturesOf(id)).toHaveLength(2);
  });

  it('a file refused as it was read: the same refusal again under the key, nothing written', async () => {
    const id = await workerOrder();
    const key = randomUUID();
    const first = await upload(t.org.worker.token, id, Buffer.from('not an image at all'), key);
    expect(first.statusCode).toBe(422);
    const again = await upload(t.org.worker.token, id, Buffer.from('not an image at all'), key);
    expect(again.statusCode).toBe(422);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await picturesOf(id)).toHaveLength(0);
  });
});

describe("Idempotency-Key on a technician's visit", () => {
  it('start, block, start again and complete, each sent twice: each change once, same answers', async () => {
    const id = await workerOrder();
    const blocked = t.world.statusOf(InvoiceState.Blocked).id;
    const steps = [`/${id}/start`, `/${id}/block/${blocked}`, `/${id}/start`, `/${id}/complete`];
    for (const step of steps) {
      const key = randomUUID();
      const before = (await t.world.auditOf(id)).length;
      const first = await asWorker('POST', step, key);
      expect(first.statusCode, `${step}: ${first.body}`).toBe(200);
      const changes = (await t.world.auditOf(id)).length;
      expect(changes).toBeGreaterThan(before);
      const again = await asWorker('POST', step, key);
      expect(again.statusCode, step).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect((await t.world.auditOf(id)).length, step).toBe(changes);
    }
    const [order] = await t.ctx.database.db.select().from(schema.invoices).where(eq(schema.invoices.id, id));
    expect(order!.state).toBe(InvoiceState.Completed);
  });

  it('a comment sent twice with one key: one comment', async () => {
    const id = await workerOrder();
    const key = randomUUID();
    const body = { comment: 'Compressor trocado', type: 1 };
    expect((await asWorker('POST', `/${id}/comments`, key, body)).statusCode).toBe(201);
    expect((await asWorker('POST', `/${id}/comments`, key, body)).headers['idempotent-replayed']).toBe('true');
    const c = schema.invoiceComments;
    const rows = await t.ctx.database.db
      .select()
      .from(c)
      .where(and(eq(c.invoiceId, id), eq(c.comment, 'Compressor trocado')));
    expect(rows).toHaveLength(1);
  });
});

describe("Idempotency-Key on the customer's signature (public link)", () => {
  const tokenOf = (signUrl: string) => new URL(signUrl, 'http://x').searchParams.get('token')!;
  const sign = (id: number, token: string, payload: object, key?: string) =>
    t.ctx.app.inject({
      method: 'POST',
      url: `/api/public/invoices/${id}/sign?token=${encodeURIComponent(token)}`,
      payload,
      headers: key ? { 'idempotency-key': key } : {},
    });
  async function orderToSign() {
    const { id } = await t.world.createInvoice();
    await t.world.admin('POST', `/${id}/services`, { service: t.world.service.id, quantity: 1 });
    await t.world.moveTo(id, InvoiceState.Wip);
    return { id, token: tokenOf((await t.world.admin('GET', `/${id}`)).json().signUrl) };
  }
  const signatures = (id: number) =>
    t.ctx.database.db.select().from(schema.invoiceSignatures).where(eq(schema.invoiceSignatures.invoiceId, id));

  it('sent twice with one key: signed once, both answered with the signed order', async () => {
    const { id, token } = await orderToSign();
    const key = randomUUID();
    const body = { signature: drawn, signerName: 'Maria Cliente' };
    const first = await sign(id, token, body, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await sign(id, token, body, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await signatures(id)).toHaveLength(1);
  });

  it('without a key the repeat is refused as already signed; another drawing under the key is a 422', async () => {
    const { id, token } = await orderToSign();
    const key = randomUUID();
    const body = { signature: drawn, signerName: 'Maria Cliente' };
    expect((await sign(id, token, body, key)).statusCode).toBe(200);
    const plain = await sign(id, token, body);
    expect(plain.statusCode).toBe(409);
    expect(plain.json()).toEqual({ errors: [paperworkMessages.alreadySigned] });
    const other = await sign(id, token, { signature: otherDrawing, signerName: 'Maria Cliente' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ errors: { idempotencyKey: [idempotencyMessages.reusedKey] } });
    expect(await signatures(id)).toHaveLength(1);
  });

  it('a malformed key is a 422 on the header, nothing signed', async () => {
    const { id, token } = await orderToSign();
    const res = await sign(id, token, { signature: drawn, signerName: 'Maria' }, ' ');
    expect(res.statusCode).toBe(422);
    expect(await signatures(id)).toHaveLength(0);
  });
});
