import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from './config.ts';
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
