import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from './config.ts';
import { createTestApp, type TestContext } from '../test/helpers.ts';

// The client's address: forwarded headers count only from the proxies TRUST_PROXY names.
describe('TRUST_PROXY', () => {
  it('unset trusts nobody; a number is a hop count; anything else a list of addresses/CIDRs', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });

  let plain: TestContext;
  let proxied: TestContext;
  const ipRoute: FastifyPluginAsyncZod[] = [
    async (api) => {
      api.get('/probe/ip', { config: { access: 'public' } }, (request) => ({ ip: request.ip }));
    },
  ];
  beforeAll(async () => {
    plain = await createTestApp({ extraModules: ipRoute });
    proxied = await createTestApp({ extraModules: ipRoute, config: { trustProxy: ['10.0.0.0/8'] } });
  });
  afterAll(async () => {
    await plain.close();
    await proxied.close();
  });
  const ipFrom = async (ctx: TestContext, remoteAddress: string) =>
    (
      await ctx.app.inject({
        url: '/api/probe/ip',
        remoteAddress,
        headers: { 'x-forwarded-for': '6.6.6.6' },
      })
    ).json().ip;

  it('by default X-Forwarded-For is ignored: the address is the peer of the socket', async () => {
    expect(await ipFrom(plain, '177.10.20.30')).toBe('177.10.20.30');
  });

  it('from a configured proxy the forwarded address counts; from anyone else it does not', async () => {
    expect(await ipFrom(proxied, '10.1.2.3')).toBe('6.6.6.6');
    expect(await ipFrom(proxied, '177.10.20.30')).toBe('177.10.20.30');
  });
});

describe('production start', () => {
  const env = (extra: Record<string, string>) => ({ DATA_DIR: '/tmp/oficina-config-test', JWT_SECRET: 'x', ...extra });
  it('demo users only for the embedded database outside production', () => {
    expect(loadConfig(env({})).seedDemo).toBe(true);
    expect(loadConfig(env({ NODE_ENV: 'production' })).seedDemo).toBe(false);
    expect(loadConfig(env({ NODE_ENV: 'production', SEED_DEMO: '1' })).seedDemo).toBe(false);
    expect(loadConfig(env({ DATABASE_URL: 'postgres://x/y' })).seedDemo).toBe(false);
  });
  it('MAP_TILES_URL: unset or blank, no maps; a template must name {z}, {x} and {y} over http(s)', () => {
    expect(loadConfig(env({})).mapTilesUrl).toBeUndefined();
    expect(loadConfig(env({ MAP_TILES_URL: ' ' })).mapTilesUrl).toBeUndefined();
    const tiles = 'https://{s}.tile.exemplo.com.br/{z}/{x}/{y}.png';
    expect(loadConfig(env({ MAP_TILES_URL: ` ${tiles} ` })).mapTilesUrl).toBe(tiles);
    expect(() => loadConfig(env({ MAP_TILES_URL: 'https://tile.exemplo.com.br/{z}/{x}.png' }))).toThrow(
      /MAP_TILES_URL/,
    );
    expect(() => loadConfig(env({ MAP_TILES_URL: 'ftp://tile.exemplo.com.br/{z}/{x}/{y}.png' }))).toThrow(
      /MAP_TILES_URL/,
    );
  });
});

describe('security headers', () => {
  let plain: TestContext;
  let proxied: TestContext;
  beforeAll(async () => {
    plain = await createTestApp();
    proxied = await createTestApp({ config: { trustProxy: ['127.0.0.1'] } });
  });
  afterAll(async () => {
    await plain.close();
    await proxied.close();
  });

  it('over plain HTTP: no HSTS; framing refused the same way by CSP and X-Frame-Options', async () => {
    const res = await plain.app.inject({ url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    // A client cannot claim HTTPS by header when no proxy is trusted.
    const forged = await plain.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });

  it('every answer carries the whole set, the same on each request (the middleware is built once)', async () => {
    const expected = {
      'content-security-policy':
        "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';" +
        "img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';" +
        "style-src 'self' 'unsafe-inline';connect-src 'self'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'DENY',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    for (const url of ['/api/health', '/api/health', '/api/me', '/api/nothing-here']) {
      const res = await plain.app.inject({ url });
      expect(res.headers).toMatchObject(expected);
    }
  });

  it('HTTPS behind a trusted proxy gets HSTS', async () => {
    const res = await proxied.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toContain('max-age=');
  });
});
