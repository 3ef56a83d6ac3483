import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, isIP, type Server as TcpServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createECDH, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pushMessages } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { createTestApp, perFile } from '../../../test/helpers.ts';
import { invoiceWorld } from '../../../test/invoice-fixtures.ts';
import type { Resolve } from '../../lib/outbound.ts';

// Which endpoints the server POSTs notifications to. Every name here resolves through the stub below,
// never the system's resolver, and the only sockets opened go to 127.0.0.1: a private or public
// address is only ever an answer of the stub, refused before anything connects to it.

/** Host name → the addresses the stub answers (changed by a test to rebind a name). */
const names = new Map<string, string[]>();
const asked: string[] = [];
const stub: Resolve = async (host) => {
  asked.push(host);
  const addresses = names.get(host);
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: isIP(address) }));
};

const t = perFile({
  world: invoiceWorld,
  other: true,
  app: {
    resolve: stub,
    config: {
      pushAllowLocalhost: true,
      pushAllowedHosts: ['*.push.example.test', '10.9.9.9', '169.254.169.254'],
    },
  },
});

/** A push service stand-in on loopback, and a bare TCP listener that counts the connections it gets. */
let service: Server;
let origin: string;
const received: string[] = [];
let answer: { status: number; location?: string } = { status: 201 };
let listener: TcpServer;
let listenerPort: number;
let connections = 0;

beforeAll(async () => {
  service = createHttpServer((req, res) => {
    received.push(req.url ?? '');
    req.resume();
    req.on('end', () => res.writeHead(answer.status, answer.location ? { location: answer.location } : {}).end());
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  listener = createTcpServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  listenerPort = (listener.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => service.close(() => resolve()));
  await new Promise<void>((resolve) => listener.close(() => resolve()));
});
beforeEach(async () => {
  received.length = 0;
  asked.length = 0;
  connections = 0;
  answer = { status: 201 };
  names.clear();
  await t.ctx.database.db.delete(schema.pushSubscriptions);
});

const keys = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
};
const subscribeTo = (endpoint: string, token = t.org.worker.token, org = t.org) =>
  t.ctx.app.inject({
    method: 'POST',
    url: `/api/organizations/${org.organization.id}/push-subscriptions`,
    headers: org.as(token),
    payload: { endpoint, keys: keys() },
  });
const stored = (endpoint: string) =>
  t.ctx.database.db.select().from(schema.pushSubscriptions).where(eq(schema.pushSubscriptions.endpoint, endpoint));
const id = () => randomBytes(6).toString('hex');

/** A notification for the technician, and every push it causes done. */
async function notifyWorker() {
  const { id: invoiceId } = await t.world.createInvoice();
  await t.world.assignWorker(invoiceId);
  await t.ctx.app.push.idle();
}

describe('POST push-subscriptions refuses endpoints that reach inside', () => {
  it('a push service name resolving to loopback, private, link-local, CGNAT, ULA or IPv4-mapped: 422, nothing stored', async () => {
    const inside = [
      '127.0.0.1',
      '127.8.9.10',
      '10.0.0.7',
      '172.16.5.4',
      '192.168.0.10',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.254',
      '0.0.0.0',
      '::1',
      '::',
      'fd12:3456::1',
      'fc00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.1.2.3',
      '::ffff:a9fe:a9fe',
    ];
    for (const [n, address] of inside.entries()) {
      const host = `web${n}.push.apple.com`;
      names.set(host, [address]);
      const endpoint = `https://${host}/3/device/${id()}`;
      const res = await subscribeTo(endpoint);
      expect(res.statusCode, address).toBe(422);
      expect(res.json().errors.endpoint, address).toEqual([pushMessages.endpointInternal]);
      expect(await stored(endpoint), address).toHaveLength(0);
    }
    // One internal address among public ones is enough to refuse the name.
    names.set('fcm.googleapis.com', ['142.250.0.1', '10.0.0.1']);
    const mixed = await subscribeTo(`https://fcm.googleapis.com/fcm/send/${id()}`);
    expect(mixed.json().errors.endpoint).toEqual([pushMessages.endpointInternal]);
    expect(connections + received.length).toBe(0);
  });

  it('an allowed address literal that is internal (10.x, 169.254.x) is refused too; loopback over https as well', async () => {
    for (const endpoint of [
      `https://10.9.9.9/push/${id()}`,
      `https://169.254.169.254/latest/meta-data/${id()}`,
      `https://[::ffff:169.254.169.254]/push/${id()}`,
    ]) {
      const res = await subscribeTo(endpoint);
      expect(res.statusCode, endpoint).toBe(422);
      expect(res.json().errors.endpoint, endpoint).toEqual([
        endpoint.includes('[') ? pushMessages.endpointService : pushMessages.endpointInternal,
      ]);
    }
    // A name resolving to 127.0.0.1 is not "localhost", whatever the test setting allows.
    names.set('loop.push.example.test', ['127.0.0.1']);
    const named = await subscribeTo(`https://loop.push.example.test:${listenerPort}/push/${id()}`);
    expect(named.json().errors.endpoint).toEqual([pushMessages.endpointInternal]);
    expect(connections).toBe(0);
  });

  it('a host that is not a push service (https or not) is refused', async () => {
    names.set('evil.example.com', ['93.184.216.34']);
    for (const endpoint of [
      `https://evil.example.com/push/${id()}`,
      `https://fcm.googleapis.com.evil.example.com/push/${id()}`,
      `https://push.apple.com/push/${id()}`,
      `https://10.0.0.7/push/${id()}`,
    ]) {
      const res = await subscribeTo(endpoint);
      expect(res.statusCode, endpoint).toBe(422);
      expect(res.json().errors.endpoint, endpoint).toEqual([pushMessages.endpointService]);
    }
  });

  it("a name that cannot be resolved: 422 'não foi possível resolver o endereço …'", async () => {
    const res = await subscribeTo(`https://ghost.push.example.test/push/${id()}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.endpoint).toEqual([
      'Inscrição recusada: não foi possível resolver o endereço ghost.push.example.test.',
    ]);
    expect(asked).toEqual(['ghost.push.example.test']);
  });

  it("another organization's user cannot take over a subscription: 422, the row stays its owner's", async () => {
    const endpoint = `${origin}/push/${id()}`;
    expect((await subscribeTo(endpoint)).statusCode).toBe(201);
    const taken = await subscribeTo(endpoint, t.other.worker.token, t.other);
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.endpoint).toEqual([pushMessages.endpointTaken]);
    expect((await stored(endpoint)).map((r) => [r.organizationId, r.userId])).toEqual([
      [t.org.organization.id, t.org.worker.id],
    ]);
  });
});

describe('each push is checked again when sent', () => {
  it('a name accepted with a public address that now resolves to loopback (DNS rebinding) is not connected to', async () => {
    const host = 'rebind.push.example.test';
    names.set(host, ['93.184.216.34']);
    const endpoint = `https://${host}:${listenerPort}/push/${id()}`;
    expect((await subscribeTo(endpoint)).statusCode).toBe(201);
    names.set(host, ['127.0.0.1']);
    asked.length = 0;
    await notifyWorker();
    expect(asked).toContain(host);
    expect(connections).toBe(0);
    expect(await stored(endpoint)).toHaveLength(1);
  });

  it('a redirect from the push service is not followed', async () => {
    const endpoint = `${origin}/push/${id()}`;
    expect((await subscribeTo(endpoint)).statusCode).toBe(201);
    answer = { status: 307, location: `${origin}/followed` };
    await notifyWorker();
    expect(received).toEqual([new URL(endpoint).pathname]);
  });
});

describe('without PUSH_ALLOW_LOCALHOST (the default, the demo included)', () => {
  it('loopback endpoints are refused, plain http or https, by address or by name', async () => {
    const ctx = await createTestApp({ resolve: stub });
    try {
      const [org] = await ctx.database.db.select().from(schema.organizations).limit(1);
      const [user] = await ctx.database.db
        .select()
        .from(schema.users)
        .where(eq(schema.users.organizationId, org!.id))
        .limit(1);
      const token = await ctx.app.tokens.sign({ ...user!, organizationId: org!.id });
      names.set('localhost', ['127.0.0.1', '::1']);
      for (const endpoint of [
        `${origin}/push/${id()}`,
        `http://localhost:${listenerPort}/push/${id()}`,
        `https://localhost:${listenerPort}/push/${id()}`,
        `http://[::1]:${listenerPort}/push/${id()}`,
      ]) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: `/api/organizations/${org!.id}/push-subscriptions`,
          headers: { authorization: `Bearer ${token}` },
          payload: { endpoint, keys: keys() },
        });
        expect(res.statusCode, endpoint).toBe(422);
        expect(res.json().errors.endpoint, endpoint).toEqual([pushMessages.endpointService]);
      }
      expect(connections + received.length).toBe(0);
    } finally {
      await ctx.close();
    }
  });
});
