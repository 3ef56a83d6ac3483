import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { buildApp, type App } from '../app.ts';
import { createTestApp, type TestContext } from '../../test/helpers.ts';
import { loadJwtSecret } from './secrets.ts';
import { postgresRateLimitStore } from './rate-limit-store.ts';
import { createS3Storage } from './storage.ts';

let ctx: TestContext;
/** A second app on the same database: what another instance behind the load balancer is. */
let a: App;
let b: App;

const config = { tokenTtlSeconds: 3600, loginRateLimitPerMinute: 3, dataDir: '/tmp' };
/** POST /api/login on one instance, from `remoteAddress`. */
const login = (app: App, remoteAddress: string, username: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/login', remoteAddress, payload: { username, password } });

beforeAll(async () => {
  ctx = await createTestApp();
  const secret = await loadJwtSecret(ctx.database.db);
  a = await buildApp({ database: ctx.database, serveWeb: false, config: { ...config, jwtSecret: secret } });
  b = await buildApp({ database: ctx.database, serveWeb: false, config: { ...config, jwtSecret: secret } });
});
afterAll(async () => {
  await a.close();
  await b.close();
  await ctx.close();
});

describe('the signing key kept in the database', () => {
  it('is generated once: instances starting together get the same key, JWT_SECRET overrides it', async () => {
    const keys = await Promise.all([1, 2, 3].map(() => loadJwtSecret(ctx.database.db)));
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]!.length).toBeGreaterThanOrEqual(48);
    expect(await ctx.database.db.select().from(schema.appSecrets)).toHaveLength(1);
    expect(await loadJwtSecret(ctx.database.db, { override: 'do-ambiente' })).toBe('do-ambiente');
  });

  it('an embedded installation keeps the key it had in its data dir', async () => {
    await ctx.database.db.delete(schema.appSecrets);
    const dir = mkdtempSync(join(tmpdir(), 'oficina-secret-'));
    try {
      writeFileSync(join(dir, 'jwt-secret'), 'chave-antiga-do-arquivo\n');
      expect(await loadJwtSecret(ctx.database.db, { legacyFile: join(dir, 'jwt-secret') })).toBe(
        'chave-antiga-do-arquivo',
      );
      // Later starts read the database, whatever the file says.
      writeFileSync(join(dir, 'jwt-secret'), 'outra');
      expect(await loadJwtSecret(ctx.database.db, { legacyFile: join(dir, 'jwt-secret') })).toBe(
        'chave-antiga-do-arquivo',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a token signed by one instance is accepted by the other', async () => {
    const res = await login(a, '10.9.0.1', 'admin@demo.com.br', 'demo1234');
    expect(res.statusCode).toBe(200);
    const me = await b.inject({ url: '/api/me', headers: { authorization: `Bearer ${res.json().token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('admin@demo.com.br');
  });
});

describe('HTTP rate limits counted in the database', () => {
  it('login requests from one IP alternating between two instances are limited as on one', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await login(i % 2 ? b : a, '10.9.0.2', `ninguem${i}@teste.com.br`, 'senha-errada');
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().errors).toEqual([messages.loginTooMany]);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // Another IP is counted apart.
    expect((await login(b, '10.9.0.3', 'ninguem@teste.com.br', 'senha-errada')).statusCode).toBe(401);
  });

  it('a window ends after its time and counts again from one', async () => {
    const Store = postgresRateLimitStore(ctx.database.db);
    const store = new Store().child({ routeInfo: { method: 'GET', url: '/probe' } });
    const hit = () =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) =>
        store.incr('1.2.3.4', (err, res) => (err ? reject(err) : resolve(res!)), 400),
      );
    expect((await hit()).current).toBe(1);
    const second = await hit();
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(0);
    expect(second.ttl).toBeLessThanOrEqual(400);
    await new Promise((r) => setTimeout(r, 450));
    expect((await hit()).current).toBe(1);
  });
});

describe('health: liveness and readiness', () => {
  it('live answers without touching the database; ready checks the database and the storage', async () => {
    const live = await a.inject({ url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await a.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().checks).toEqual({ database: 'ok', storage: 'ok' });
  });

  it('ready is 503 and names the failed check when the storage is unreachable', async () => {
    const broken = await buildApp({
      database: ctx.database,
      serveWeb: false,
      config: { ...config, jwtSecret: 'x' },
      // Nothing listens on port 9 of loopback.
      storage: createS3Storage({
        bucket: 'b',
        endpoint: 'http://127.0.0.1:9',
        region: 'us-east-1',
        accessKeyId: 'k',
        secretAccessKey: 's',
        forcePathStyle: true,
      }),
    });
    try {
      const ready = await broken.inject({ url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable', checks: { database: 'ok', storage: 'error' } });
      expect((await broken.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await broken.close();
    }
  });
});
