import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { InvoiceState, MAX_PHOTOS_PER_UPLOAD } from '@ordem-certa/contracts';
import { createOrg, perFile } from '../../../test/helpers.ts';
import { invoiceWorld } from '../../../test/invoice-fixtures.ts';
import { multipartFiles, PNG_1x1 } from '../../../test/factories.ts';

// Photos of an order: upload (several at once, checked by content), thumbnails, full size, removal.
const t = perFile({ world: invoiceWorld });

/** A real photo: 1200 x 900 JPEG, optionally marked by EXIF as turned a quarter (as phones do). */
const photo = (orientation?: number) =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2a7ab0' } })
    .jpeg()
    .withMetadata(orientation ? { orientation } : {})
    .toBuffer();
const png = () =>
  sharp({ create: { width: 400, height: 300, channels: 4, background: { r: 200, g: 80, b: 40, alpha: 0.5 } } })
    .png()
    .toBuffer();

const upload = (token: string, invoiceId: number, files: Array<{ data: Buffer; filename: string; type?: string }>) => {
  const mp = multipartFiles(
    'attachment',
    files.map((f) => ({ data: f.data, filename: f.filename, contentType: f.type ?? 'image/jpeg' })),
  );
  return t.ctx.app.inject({
    method: 'POST',
    url: t.world.url(`/${invoiceId}/attachments/pictures`),
    headers: { ...t.org.as(token), ...mp.headers },
    payload: mp.payload,
  });
};

describe('access', () => {
  it('401 without a token; another organization gets 404; a collaborator not on the order 404', async () => {
    const { id } = await t.world.createInvoice();
    const anon = await t.ctx.app.inject({ method: 'GET', url: t.world.url(`/${id}/attachments/pictures`) });
    expect(anon.statusCode).toBe(401);
    const other = await createOrg(t.ctx);
    const foreign = await t.ctx.app.inject({
      method: 'GET',
      url: `/api/organizations/${other.organization.id}/invoices/${id}/attachments/pictures`,
      headers: other.as(other.admin.token),
    });
    expect(foreign.statusCode).toBe(404);
    expect((await t.world.worker('GET', `/${id}/attachments/pictures`)).statusCode).toBe(404);
    expect((await upload(t.org.worker.token, id, [{ data: await photo(), filename: 'a.jpg' }])).statusCode).toBe(404);
  });

  it("another organization's photo is a 404, also by its own id under the right order", async () => {
    const { id } = await t.world.createInvoice();
    const [pic] = (await upload(t.org.admin.token, id, [{ data: await photo(), filename: 'a.jpg' }])).json().data;
    const other = await createOrg(t.ctx);
    const otherWorld = await invoiceWorld(t.ctx, other);
    const { id: otherId } = await otherWorld.createInvoice();
    const res = await t.ctx.app.inject({
      method: 'GET',
      url: `/api/organizations/${other.organization.id}/invoices/${otherId}/attachments/pictures/${pic.id}`,
      headers: other.as(other.admin.token),
    });
    expect(res.statusCode).toBe(404);
    const del = await t.ctx.app.inject({
      method: 'DELETE',
      url: `/api/organizations/${other.organization.id}/invoices/${otherId}/attachments/pictures/${pic.id}`,
      headers: other.as(other.admin.token),
    });
    expect(del.statusCode).toBe(404);
    expect((await t.world.admin('GET', `/${id}/attachments/pictures/${pic.id}`)).statusCode).toBe(200);
  });
});

describe('upload', () => {
  it('takes three photos at once, makes 160-px-high thumbnails and keeps the originals', async () => {
    const { id } = await t.world.createInvoice();
    const originals = [await photo(), await png(), await photo(6)];
    const res = await upload(t.org.admin.token, id, [
      { data: originals[0]!, filename: 'antes.jpg' },
      { data: originals[1]!, filename: 'placa.png', type: 'image/png' },
      { data: originals[2]!, filename: 'C:\\fotos\\depois.jpg' },
    ]);
    expect(res.statusCode).toBe(201);
    const added = res.json().data;
    expect(added.map((p: { name: string }) => p.name)).toEqual(['antes.jpg', 'placa.png', 'depois.jpg']);

    const list = (await t.world.admin('GET', `/${id}/attachments/pictures`)).json().data;
    expect(list).toHaveLength(3);
    for (const p of list) {
      expect(p.thumbnail).toMatch(/^data:image\/jpeg;base64,/);
      const thumb = await sharp(Buffer.from(p.thumbnail.split(',')[1], 'base64')).metadata();
      expect(thumb.height).toBe(160);
      expect(p.url).toBe(`/organizations/${t.org.organization.id}/invoices/${id}/attachments/pictures/${p.id}`);
      expect(p.userName).toBe('Admin Teste');
    }
    // The EXIF-turned photo is upright: 900 wide, 1200 high.
    expect(list[2]).toMatchObject({ width: 900, height: 1200 });
    const thumb = await sharp(Buffer.from(list[2].thumbnail.split(',')[1], 'base64')).metadata();
    expect(thumb.width).toBe(120);

    const full = await t.world.admin('GET', `/${id}/attachments/pictures/${list[1].id}`);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(full.rawPayload, originals[1]!)).toBe(0);
    const trail = (await t.world.auditOf(id)).at(-1)!;
    expect(trail.data).toEqual([
      { field: 'pictures', before: null, after: 'antes.jpg' },
      { field: 'pictures', before: null, after: 'placa.png' },
      { field: 'pictures', before: null, after: 'depois.jpg' },
    ]);
  });

  it('refuses a non-image named .png, and a file that only starts like a PNG; nothing is saved', async () => {
    const { id } = await t.world.createInvoice();
    const text = Buffer.from('isto não é uma imagem');
    const fake = Buffer.concat([PNG_1x1.subarray(0, 16), Buffer.alloc(200, 7)]);
    for (const data of [text, fake]) {
      const res = await upload(t.org.admin.token, id, [
        { data: await photo(), filename: 'boa.jpg' },
        { data, filename: 'foto.png', type: 'image/png' },
      ]);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ attachment: ['Envie uma imagem PNG ou JPEG'] });
    }
    expect((await t.world.admin('GET', `/${id}/attachments/pictures`)).json().data).toEqual([]);
  });

  it('413 for a file over 5 MB; 422 without a file and with too many files', async () => {
    const { id } = await t.world.createInvoice();
    const big = Buffer.concat([await photo(), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const tooBig = await upload(t.org.admin.token, id, [{ data: big, filename: 'grande.jpg' }]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().errors).toEqual(['O arquivo deve ter no máximo 5 MB']);

    const none = await t.ctx.app.inject({
      method: 'POST',
      url: t.world.url(`/${id}/attachments/pictures`),
      headers: t.org.as(t.org.admin.token),
      payload: {},
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ attachment: ['Selecione um arquivo'] });

    const one = await photo();
    const many = await upload(
      t.org.admin.token,
      id,
      Array.from({ length: MAX_PHOTOS_PER_UPLOAD + 1 }, (_, n) => ({ data: one, filename: `f${n}.jpg` })),
    );
    expect(many.statusCode).toBe(422);
    expect(many.json().errors).toEqual({ attachment: ['Envie no máximo 10 fotos de cada vez'] });
    expect((await t.world.admin('GET', `/${id}/attachments/pictures`)).json().data).toEqual([]);
  });

  it('a collaborator on the order uploads and removes their own photo, not the admin’s', async () => {
    const { id } = await t.world.createInvoice();
    await t.world.assignWorker(id);
    const mine = (await upload(t.org.worker.token, id, [{ data: await photo(), filename: 'meu.jpg' }])).json().data[0];
    const admins = (await upload(t.org.admin.token, id, [{ data: await photo(), filename: 'adm.jpg' }])).json().data[0];
    const refused = await t.world.worker('DELETE', `/${id}/attachments/pictures/${admins.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors).toEqual(['Você só pode remover as fotos que enviou']);
    expect((await t.world.worker('DELETE', `/${id}/attachments/pictures/${mine.id}`)).statusCode).toBe(204);
    expect((await t.world.admin('DELETE', `/${id}/attachments/pictures/${admins.id}`)).statusCode).toBe(204);
    expect((await t.world.admin('GET', `/${id}/attachments/pictures`)).json().data).toEqual([]);
    expect((await t.world.admin('GET', `/${id}/attachments/pictures/${mine.id}`)).statusCode).toBe(404);
    expect((await t.world.admin('DELETE', `/${id}/attachments/pictures/${mine.id}`)).statusCode).toBe(404);
  });

  it('Canceled and Completed orders take no photo changes (409)', async () => {
    for (const state of [InvoiceState.Canceled, InvoiceState.Completed]) {
      const { id } = await t.world.createInvoice();
      const kept = (await upload(t.org.admin.token, id, [{ data: await photo(), filename: 'a.jpg' }])).json().data[0];
      await t.world.moveTo(id, state);
      const add = await upload(t.org.admin.token, id, [{ data: await photo(), filename: 'b.jpg' }]);
      expect(add.statusCode).toBe(409);
      expect((await t.world.admin('DELETE', `/${id}/attachments/pictures/${kept.id}`)).statusCode).toBe(409);
      expect((await t.world.admin('GET', `/${id}/attachments/pictures`)).json().data).toHaveLength(1);
    }
  });
});
