import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pushMessages } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { perFile } from '../../../test/helpers.ts';
import { invoiceWorld } from '../../../test/invoice-fixtures.ts';
import { notifyUsers } from '../../core/notify/notify.ts';

// Web Push: the VAPID key, subscriptions, and each notification sent — encrypted and signed — to a
// local stand-in of a push service that the subscriptions' endpoints point at.
const t = perFile({ world: invoiceWorld, other: true, app: { config: { pushAllowLocalhost: true } } });

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}
let server: Server;
let origin: string;
const received: Received[] = [];
/** What the stand-in answers next (201 is a push service's "created"). */
let answer = 201;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received.length = 0;
  answer = 201;
});

const b64u = (b: Buffer) => b.toString('base64url');
const orgUrl = (orgId: number, rest: string) => `/api/organizations/${orgId}${rest}`;

/** A browser's subscription: a real P-256 key pair and a 16-byte auth secret, as PushManager makes them. */
function browser(name: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    body: {
      endpoint: `${origin}/push/${name}-${randomBytes(6).toString('hex')}`,
      keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) },
    },
  };
}

const subscribe = (token: string, body: object, orgId = t.org.organization.id) =>
  t.ctx.app.inject({
    method: 'POST',
    url: orgUrl(orgId, '/push-subscriptions'),
    headers: t.org.as(token),
    payload: body,
  });
const subscriptionsAt = (endpoint: string) =>
  t.ctx.database.db.select().from(schema.pushSubscriptions).where(eq(schema.pushSubscriptions.endpoint, endpoint));

const vapidKey = async () =>
  (
    await t.ctx.app.inject({
      method: 'GET',
      url: '/api/push/vapid-public-key',
      headers: t.org.as(t.org.worker.token),
    })
  ).json().publicKey as string;

/** RFC 8291: the aes128gcm body decrypted with the browser's private key and auth secret. */
function decrypt(body: Buffer, ecdh: ECDH, auth: Buffer) {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(serverKey);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, auth, info, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const padded = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then padding zeros.
  const end = padded.lastIndexOf(2);
  return JSON.parse(padded.subarray(0, end).toString('utf8'));
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`, the JWT signed with ES256 by the key the server publishes. */
function checkVapid(header: string | undefined, publicKey: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header ?? '');
  expect(match, header).not.toBeNull();
  const [, jwt, k] = match!;
  expect(k).toBe(publicKey);
  const [head, claims, signature] = jwt!.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  expect(valid).toBe(true);
  expect(JSON.parse(Buffer.from(head!, 'base64url').toString())).toMatchObject({ alg: 'ES256', typ: 'JWT' });
  return JSON.parse(Buffer.from(claims!, 'base64url').toString()) as { aud: string; exp: number; sub: string };
}

describe('access', () => {
  it('401 without a token; another organization in the path is refused and nothing is stored', async () => {
    expect((await t.ctx.app.inject({ method: 'GET', url: '/api/push/vapid-public-key' })).statusCode).toBe(401);
    const b = browser('alheio');
    const foreign = await subscribe(t.org.worker.token, b.body, t.other.organization.id);
    expect(foreign.statusCode).toBe(403);
    expect(await subscriptionsAt(b.body.endpoint)).toHaveLength(0);
  });
});

describe('GET push/vapid-public-key', () => {
  it('an uncompressed P-256 point in base64url, the same on every call, kept in the database', async () => {
    const key = await vapidKey();
    const point = Buffer.from(key, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
    expect(await vapidKey()).toBe(key);
    const [row] = await t.ctx.database.db.select().from(schema.appSecrets).where(eq(schema.appSecrets.name, 'vapid'));
    expect(JSON.parse(row!.value).publicKey).toBe(key);
  });
});

describe('push-subscriptions', () => {
  it('POST stores the subscription (201); sent again it stays one row', async () => {
    const b = browser('um');
    const res = await subscribe(t.org.worker.token, b.body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ endpoint: b.body.endpoint });
    expect((await subscribe(t.org.worker.token, b.body)).statusCode).toBe(201);
    const rows = await subscriptionsAt(b.body.endpoint);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: t.org.worker.id, p256dh: b.body.keys.p256dh, auth: b.body.keys.auth });
  });

  it('another user signing in on the same phone takes the subscription over', async () => {
    const b = browser('celular');
    await subscribe(t.org.worker.token, b.body);
    expect((await subscribe(t.org.admin.token, b.body)).statusCode).toBe(201);
    const rows = await subscriptionsAt(b.body.endpoint);
    expect(rows.map((r) => r.userId)).toEqual([t.org.admin.id]);
  });

  it('422 in pt-BR on the field for a bad endpoint or keys, nothing stored', async () => {
    const b = browser('ruim');
    const cases: Array<[object, string, string]> = [
      [{ ...b.body, endpoint: 'http://push.example.com/x' }, 'endpoint', pushMessages.endpointInvalid],
      [{ ...b.body, endpoint: 'não é url' }, 'endpoint', pushMessages.endpointInvalid],
      [
        { ...b.body, keys: { ...b.body.keys, p256dh: b64u(randomBytes(65)) } },
        'keys.p256dh',
        pushMessages.p256dhInvalid,
      ],
      // 0x04 and 64 bytes, but not a point on the curve: web-push could never encrypt for it.
      [
        { ...b.body, keys: { ...b.body.keys, p256dh: b64u(Buffer.concat([Buffer.from([4]), randomBytes(64)])) } },
        'keys.p256dh',
        pushMessages.p256dhInvalid,
      ],
      [{ ...b.body, keys: { ...b.body.keys, auth: b64u(randomBytes(8)) } }, 'keys.auth', pushMessages.authInvalid],
    ];
    for (const [body, field, message] of cases) {
      const res = await subscribe(t.org.worker.token, body);
      expect(res.statusCode, field).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    }
    expect(await subscriptionsAt(b.body.endpoint)).toHaveLength(0);
  });

  it("DELETE ends the user's own subscription (204), and only theirs", async () => {
    const b = browser('sair');
    await subscribe(t.org.worker.token, b.body);
    const del = (token: string) =>
      t.ctx.app.inject({
        method: 'DELETE',
        url: orgUrl(t.org.organization.id, '/push-subscriptions'),
        headers: t.org.as(token),
        payload: { endpoint: b.body.endpoint },
      });
    expect((await del(t.org.admin.token)).statusCode).toBe(204);
    expect(await subscriptionsAt(b.body.endpoint)).toHaveLength(1);
    expect((await del(t.org.worker.token)).statusCode).toBe(204);
    expect(await subscriptionsAt(b.body.endpoint)).toHaveLength(0);
  });
});

describe('each notification pushed', () => {
  // Each test's phones alone: the subscriptions made by the tests above are dropped.
  beforeEach(async () => {
    await t.ctx.database.db.delete(schema.pushSubscriptions);
  });

  it('to the technician put on an order: a signed, encrypted push that decrypts to its JSON', async () => {
    const phone = browser('tecnico');
    expect((await subscribe(t.org.worker.token, phone.body)).statusCode).toBe(201);
    const { id, number } = await t.world.createInvoice();
    await t.world.assignWorker(id);
    await t.ctx.app.push.idle();

    expect(received).toHaveLength(1);
    const push = received[0]!;
    expect(push.path).toBe(new URL(phone.body.endpoint).pathname);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    const claims = checkVapid(push.headers.authorization as string, await vapidKey());
    expect(claims.aud).toBe(origin);
    expect(claims.sub).toMatch(/^mailto:/);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600 * 1000);
    expect(decrypt(push.body, phone.ecdh, phone.auth)).toEqual({
      title: `OS ${number} atribuída a você`,
      body: `Você foi incluído na Ordem de Serviço ${number}.`,
      url: `/invoices/${id}/edit`,
    });
  });

  it("the admins' notifications too: a technician completing an order reaches the admin's phone", async () => {
    const phone = browser('admin');
    await subscribe(t.org.admin.token, phone.body);
    const { id, number } = await t.world.createInvoice();
    await t.world.assignWorker(id);
    await t.world.worker('POST', `/${id}/start`);
    expect((await t.world.worker('POST', `/${id}/complete`)).statusCode).toBe(200);
    await t.ctx.app.push.idle();
    const mine = received.filter((r) => r.path === new URL(phone.body.endpoint).pathname);
    expect(mine).toHaveLength(1);
    expect(decrypt(mine[0]!.body, phone.ecdh, phone.auth)).toMatchObject({ title: `OS ${number} concluída` });
  });

  it('a 410 from the push service deletes the subscription; the write stands', async () => {
    const phone = browser('expirado');
    await subscribe(t.org.worker.token, phone.body);
    answer = 410;
    const { id } = await t.world.createInvoice();
    await t.world.assignWorker(id);
    await t.ctx.app.push.idle();
    expect(received).toHaveLength(1);
    expect(await subscriptionsAt(phone.body.endpoint)).toHaveLength(0);
  });

  it('a push service that fails (500, or nobody listening) fails no write and keeps the subscription', async () => {
    const failing = browser('falha');
    const closed = { ...browser('fechado').body, endpoint: 'http://127.0.0.1:9/push/ninguem' };
    await subscribe(t.org.worker.token, failing.body);
    await subscribe(t.org.worker.token, closed);
    answer = 500;
    const { id } = await t.world.createInvoice();
    const res = await t.world.admin('POST', `/${id}/workers`, { worker: t.org.worker.id });
    expect(res.statusCode).toBe(201);
    await t.ctx.app.push.idle();
    expect(received.filter((r) => r.path === new URL(failing.body.endpoint).pathname)).toHaveLength(1);
    expect(await subscriptionsAt(failing.body.endpoint)).toHaveLength(1);
    expect(await subscriptionsAt(closed.endpoint)).toHaveLength(1);
  });

  it('only committed notifications are pushed: a rolled-back transaction or savepoint pushes nothing', async () => {
    const phone = browser('rollback');
    await subscribe(t.org.worker.token, phone.body);
    const db = t.ctx.database.db;
    const event = (key: string) => ({
      organizationId: t.org.organization.id,
      sourceKey: `teste-push:${key}:${phone.body.endpoint}`,
      title: key,
      description: key,
      url: null,
    });
    await expect(
      db.transaction(async (tx) => {
        await notifyUsers(tx, event('desfeita'), [t.org.worker.id], null);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await db.transaction(async (tx) => {
      await notifyUsers(tx, event('mantida'), [t.org.worker.id], null);
      await tx
        .transaction(async (savepoint) => {
          await notifyUsers(savepoint, event('savepoint desfeito'), [t.org.worker.id], null);
          throw new Error('savepoint');
        })
        .catch(() => undefined);
      // Not pushed before the commit.
      expect(received).toHaveLength(0);
    });
    await t.ctx.app.push.idle();
    expect(received.map((r) => decrypt(r.body, phone.ecdh, phone.auth).title)).toEqual(['mantida']);
  });
});
