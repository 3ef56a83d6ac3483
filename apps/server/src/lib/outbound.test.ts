import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkedLookup,
  destination,
  DestinationRefused,
  isInternalAddress,
  sendOnce,
  type Resolve,
} from './outbound.ts';

// Names resolve through a stub; the only sockets go to the stand-in on 127.0.0.1.
const stub =
  (answers: Record<string, string[]>): Resolve =>
  async (host) => {
    const found = answers[host];
    if (!found) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

let server: Server;
let port: number;
const paths: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    paths.push(req.url ?? '');
    res.writeHead(req.url === '/moved' ? 302 : 201, { location: '/elsewhere' }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('isInternalAddress', () => {
  it.each([
    '127.0.0.1',
    '10.255.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.0',
    '100.127.255.255',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fc00::1',
    'fdff:ffff::1',
    'fe80::1',
    'febf::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:192.168.0.1',
    '::127.0.0.1',
    '64:ff9b::10.0.0.1',
    'not an address',
  ])('%s is internal', (address) => expect(isInternalAddress(address)).toBe(true));

  it.each([
    '8.8.8.8',
    '142.250.0.1',
    '100.63.255.255',
    '100.128.0.0',
    '172.32.0.1',
    '2001:4860:4860::8888',
    '::ffff:8.8.8.8',
  ])('%s is public', (address) => expect(isInternalAddress(address)).toBe(false));
});

describe('destination', () => {
  it('refuses a name with any internal address, and a name that does not resolve', async () => {
    const resolve = stub({ mixed: ['8.8.8.8', '10.0.0.1'], public: ['8.8.8.8'], loop: ['127.0.0.1'] });
    expect(await destination('mixed', resolve)).toEqual({ ok: false, reason: 'internal' });
    expect(await destination('nowhere', resolve)).toEqual({ ok: false, reason: 'unresolvable' });
    expect(await destination('public', resolve)).toEqual({ ok: true, address: '8.8.8.8', family: 4 });
    expect(await destination('loop', resolve)).toEqual({ ok: false, reason: 'internal' });
    expect(await destination('loop', resolve, true)).toEqual({ ok: true, address: '127.0.0.1', family: 4 });
    expect(await destination('[::1]', resolve)).toEqual({ ok: false, reason: 'internal' });
  });
});

describe('sendOnce with checkedLookup', () => {
  const send = (host: string, path: string, allow: boolean) =>
    sendOnce(new URL(`http://${host}:${port}${path}`), {
      method: 'POST',
      headers: {},
      body: new Uint8Array([1, 2, 3]),
      lookup: checkedLookup(stub({ 'stand-in.test': ['127.0.0.1'], 'refused.test': ['127.0.0.1'] }), () => allow),
      timeoutMs: 5000,
    });

  it('connects to the address the lookup checked (a name only the stub knows)', async () => {
    paths.length = 0;
    expect(await send('stand-in.test', '/push', true)).toBe(201);
    expect(paths).toEqual(['/push']);
  });

  // (A name already connected to keeps its socket, to the address checked when it opened.)
  it('fails before connecting when the checked address is refused', async () => {
    paths.length = 0;
    await expect(send('refused.test', '/push', false)).rejects.toBeInstanceOf(DestinationRefused);
    await expect(send('unknown.test', '/push', true)).rejects.toMatchObject({ reason: 'unresolvable' });
    expect(paths).toEqual([]);
  });

  it('answers a redirect with its status and does not follow it', async () => {
    paths.length = 0;
    expect(await send('stand-in.test', '/moved', true)).toBe(302);
    expect(paths).toEqual(['/moved']);
  });
});
