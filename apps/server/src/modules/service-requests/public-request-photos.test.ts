import { afterEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import {
  fileMessages,
  MAX_REQUEST_PHOTOS,
  PUBLIC_REQUESTS_PER_EMAIL_HOUR,
  serviceRequestMessages as msg,
} from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { perFile } from '../../../test/helpers.ts';
import { multipartFieldsAndFiles } from '../../../test/factories.ts';

// Photos on the public form: one multipart request (the request's JSON and its photos) kept whole or
// not at all, counted once against the e-mail's hourly limit, and seen by the office as a portal
// request's photos are.
const t = perFile({});
afterEach(() => vi.useRealTimers());

let ip = 0;
const orgId = () => t.org.organization.id;
const jpeg = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#c84' } })
    .jpeg()
    .toBuffer();
const photo = async (filename = 'parede.jpg') => ({ data: await jpeg(), filename, contentType: 'image/jpeg' });
const formToken = async () =>
  (await t.ctx.app.inject({ url: `/api/public/portal/${orgId()}/service-request-form` })).json().formToken as string;
const wishes = (token: string, extra: object = {}) => ({
  name: 'Joana Nova',
  email: 'joana@teste.com.br',
  phone: '(11) 98765-4321',
  problem: 'Mancha de água na parede abaixo do split',
  formToken: token,
  ...extra,
});
const sendWithPhotos = (
  fields: Record<string, string>,
  files: Array<{ data: Buffer; filename: string; contentType: string }>,
) => {
  const mp = multipartFieldsAndFiles(fields, 'attachment', files);
  return t.ctx.app.inject({
    method: 'POST',
    url: `/api/public/portal/${orgId()}/service-requests/with-photos`,
    headers: mp.headers,
    payload: mp.payload,
    remoteAddress: `10.63.0.${++ip}`,
  });
};
const sendJson = (payload: object) =>
  t.ctx.app.inject({
    method: 'POST',
    url: `/api/public/portal/${orgId()}/service-requests`,
    payload,
    remoteAddress: `10.63.0.${++ip}`,
  });
const office = (url: string) =>
  t.ctx.app.inject({
    url: `/api/organizations/${orgId()}/service-requests${url}`,
    headers: t.org.as(t.org.admin.token),
  });
const rowsOf = async (email: string) =>
  t.ctx.database.db.select().from(schema.serviceRequests).where(eq(schema.serviceRequests.contactEmail, email));
const pictureRows = () => t.ctx.database.db.select().from(schema.serviceRequestPictures);

/** The form opened a few seconds ago (the token is that old). */
async function openedForm() {
  const token = await formToken();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + 5000);
  return token;
}

describe('the public form with photos', () => {
  it('keeps the request with its photos; the office sees them; it counts once against the e-mail', async () => {
    const token = await openedForm();
    const email = 'uma-vez@teste.com.br';
    const sent = await sendWithPhotos({ request: JSON.stringify(wishes(token, { email })) }, [
      await photo('parede.jpg'),
      await photo('split.jpg'),
    ]);
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toEqual({ message: msg.created });
    const [row] = await rowsOf(email);
    expect(row).toMatchObject({ source: 'public', customerId: null, contactName: 'Joana Nova' });

    const listed = (await office(`?q=${encodeURIComponent(email)}`)).json();
    expect(listed.data).toHaveLength(1);
    const request = listed.data[0];
    expect(request.pictures.map((p: { name: string }) => p.name)).toEqual(['parede.jpg', 'split.jpg']);
    expect(request.pictures[0].thumbnail).toMatch(/^data:image\//);
    const file = await office(`/${request.id}/pictures/${request.pictures[0].id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect((await office(`/${request.id}`)).json().pictures).toHaveLength(2);

    // The request with photos was one of the e-mail's requests of the hour, not two.
    for (let n = 1; n < PUBLIC_REQUESTS_PER_EMAIL_HOUR; n++)
      expect((await sendJson(wishes(token, { email }))).statusCode).toBe(202);
    const over = await sendWithPhotos({ request: JSON.stringify(wishes(token, { email })) }, [await photo()]);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ errors: [msg.tooMany] });
    expect(await rowsOf(email)).toHaveLength(PUBLIC_REQUESTS_PER_EMAIL_HOUR);
  });

  it('a file that is no image: 422 on attachment, nothing kept and nothing counted', async () => {
    const token = await openedForm();
    const email = 'arquivo-ruim@teste.com.br';
    const before = (await pictureRows()).length;
    const bad = await sendWithPhotos({ request: JSON.stringify(wishes(token, { email })) }, [
      await photo(),
      { data: Buffer.from('%PDF-1.7 não é foto'), filename: 'foto.jpg', contentType: 'image/jpeg' },
    ]);
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ errors: { attachment: [fileMessages.notAnImage] } });
    const many = await sendWithPhotos(
      { request: JSON.stringify(wishes(token, { email })) },
      await Promise.all(Array.from({ length: MAX_REQUEST_PHOTOS + 1 }, () => photo())),
    );
    expect(many.statusCode).toBe(422);
    expect(many.json()).toEqual({ errors: { attachment: [msg.tooManyPhotos] } });
    expect(await rowsOf(email)).toEqual([]);
    expect(await pictureRows()).toHaveLength(before);
    // Neither refusal used the e-mail's budget.
    for (let n = 0; n < PUBLIC_REQUESTS_PER_EMAIL_HOUR; n++)
      expect((await sendJson(wishes(token, { email }))).statusCode).toBe(202);
  });

  it('the request part is checked as the JSON form is (422 on its field); a filled trap keeps nothing', async () => {
    const token = await openedForm();
    const noEmail = await sendWithPhotos({ request: JSON.stringify(wishes(token, { email: 'nao-e-email' })) }, [
      await photo(),
    ]);
    expect(noEmail.statusCode).toBe(422);
    expect(Object.keys(noEmail.json().errors)).toEqual(['email']);
    const garbled = await sendWithPhotos({ request: '{não é json' }, [await photo()]);
    expect(garbled.statusCode).toBe(422);
    expect(Object.keys(garbled.json().errors)).toEqual(['request']);
    const noPhoto = await sendWithPhotos({ request: JSON.stringify(wishes(token)) }, []);
    expect(noPhoto.json()).toEqual({ errors: { attachment: [fileMessages.missingFile] } });

    const puts = vi.spyOn(t.ctx.app.storage, 'put');
    const trap = await sendWithPhotos(
      { request: JSON.stringify(wishes(token, { email: 'robo@teste.com.br', website: 'http://spam.example' })) },
      [await photo()],
    );
    expect(trap.statusCode).toBe(202);
    expect(trap.json()).toEqual({ message: msg.created });
    expect(await rowsOf('robo@teste.com.br')).toEqual([]);
    expect(puts).not.toHaveBeenCalled();
    puts.mockRestore();
  });

  it('past the e-mail limit the photos written go again', async () => {
    const token = await openedForm();
    const email = 'limite@teste.com.br';
    for (let n = 0; n < PUBLIC_REQUESTS_PER_EMAIL_HOUR; n++)
      expect((await sendJson(wishes(token, { email }))).statusCode).toBe(202);
    const keys: string[] = [];
    const storage = t.ctx.app.storage;
    const original = storage.put.bind(storage);
    storage.put = async (key, data, type) => {
      keys.push(key);
      return original(key, data, type);
    };
    try {
      const over = await sendWithPhotos({ request: JSON.stringify(wishes(token, { email })) }, [await photo()]);
      expect(over.statusCode).toBe(429);
    } finally {
      storage.put = original;
    }
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(await storage.get(key)).toBeUndefined();
  });
});
