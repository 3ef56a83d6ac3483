import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { multipartFiles } from '../test/factories.ts';
import { pdfText } from '@ordem-certa/test-support/pdf-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyTemplateDatabase } from '../test/helpers.ts';
import { startS3Server, type S3Server } from '@ordem-certa/test-support/s3-server';
import { startServerProcess, type ServerProcess } from '@ordem-certa/test-support/server-process';

/**
 * Real server processes on one PostgreSQL database and one S3-compatible server, as behind a load
 * balancer. Runs in the PostgreSQL project only (PGlite is one process's database by design).
 */
const onPostgres = process.env.TEST_DB === 'postgres';

describe.runIf(onPostgres)('several instances on one database and one bucket', () => {
  let s3: S3Server;
  let db: { url: string; drop(): Promise<void> };
  const started: ServerProcess[] = [];
  const start = async () => {
    // Behind one load balancer (here: the test on loopback), whose X-Forwarded-For the instances trust.
    const server = await startServerProcess({
      DATABASE_URL: db.url,
      LOGIN_RATE_LIMIT_PER_MINUTE: '20',
      TRUST_PROXY: '127.0.0.1',
      ...s3.env,
    });
    started.push(server);
    return server;
  };

  beforeAll(async () => {
    s3 = await startS3Server();
    db = await copyTemplateDatabase();
  });
  afterAll(async () => {
    await Promise.all(started.map((s) => s.stop('SIGKILL')));
    await db.drop();
    await s3.stop();
  });

  it(
    'WEB_CONCURRENCY=2 serves one port from two processes, and SIGTERM stops them all',
    { timeout: 180_000 },
    async () => {
      const server = await startServerProcess({ DATABASE_URL: db.url, WEB_CONCURRENCY: '2' });
      started.push(server);
      const children = () =>
        readFileSync(`/proc/${server.process.pid}/task/${server.process.pid}/children`, 'utf8').trim().split(/\s+/);
      // Ready means one worker answers; the other may still be starting.
      for (let i = 0; i < 600 && !/pronto em[\s\S]*pronto em/.test(server.output()); i++) await sleep(100);
      const workers = children();
      expect(workers).toHaveLength(2);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => fetch(`${server.url}/api/health/ready`).then((r) => r.status)),
      );
      expect(answers.every((s) => s === 200)).toBe(true);
      expect(await server.stop('SIGTERM')).toBe(0);
      for (const pid of workers) expect(existsSync(`/proc/${pid}`), `worker ${pid} still running`).toBe(false);
    },
  );

  it(
    'SIGTERM lets a request in flight finish, refuses new connections, then exits 0',
    { timeout: 180_000 },
    async () => {
      const server = await start();
      const { port } = new URL(server.url);
      const body = JSON.stringify({ username: 'admin@demo.com.br', password: 'demo1234' });
      const socket = connect(Number(port), '127.0.0.1');
      let answer = '';
      socket.on('data', (d) => (answer += d));
      const closed = new Promise((r) => socket.on('close', r));
      await new Promise((r) => socket.on('connect', r));
      // Half of the request, then the signal, then the rest.
      socket.write(
        `POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
      );
      await new Promise((r) => setTimeout(r, 200));
      server.process.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      expect(server.process.exitCode).toBeNull();
      await expect(fetch(`${server.url}/api/health/live`)).rejects.toThrow();
      socket.write(body.slice(10));
      // The server answers, then closes the kept-alive connection itself.
      await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 200/);
      expect(answer.toLowerCase()).toContain('connection: close');
      expect(answer).toContain('"token"');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('draining requests in flight');
    },
  );
  describe('A and B behind one load balancer', () => {
    let a: ServerProcess;
    let b: ServerProcess;
    beforeAll(async () => {
      [a, b] = await Promise.all([start(), start()]);
    }, 180_000);

    const call = async (server: ServerProcess, path: string, init: RequestInit & { token?: string } = {}) => {
      const headers = new Headers(init.headers);
      if (init.token) headers.set('authorization', `Bearer ${init.token}`);
      if (typeof init.body === 'string') headers.set('content-type', 'application/json');
      return fetch(server.url + path, { ...init, headers });
    };
    const login = async (server: ServerProcess) =>
      (
        await (
          await call(server, '/api/login', {
            method: 'POST',
            body: JSON.stringify({ username: 'admin@demo.com.br', password: 'demo1234' }),
          })
        ).json()
      ).token as string;

    it('a token from logging in on A works on B (one signing key, kept in the database)', async () => {
      const token = await login(a);
      const me = await call(b, '/api/me', { token });
      expect(me.status).toBe(200);
      expect((await me.json()).email).toBe('admin@demo.com.br');
      expect((await call(b, '/api/me')).status).toBe(401);
    });

    it("a photo uploaded on B is in the bucket under the organization and printed in A's PDF", async () => {
      const token = await login(b);
      const orders = await (await call(b, '/api/organizations/1/invoices/filter?take=50', { token })).json();
      const pdfLink = (id: number) =>
        call(a, `/api/organizations/1/invoices/${id}/pdf`, {
          method: 'POST',
          token,
          body: JSON.stringify({ showValues: false }),
        });
      // A demo order that can be printed (a draft without lines cannot).
      let id = 0;
      for (const o of orders.data as Array<{ id: number }>) {
        if ((await pdfLink(o.id)).status === 200) {
          id = o.id;
          break;
        }
      }
      expect(id).toBeGreaterThan(0);
      const pdfImages = async () => {
        const link = await pdfLink(id);
        expect(link.status).toBe(200);
        const pdf = Buffer.from(await (await call(a, (await link.json()).url)).arrayBuffer());
        return { images: (pdf.toString('latin1').match(/\/Subtype \/Image/g) ?? []).length, text: pdfText(pdf) };
      };
      const before = await pdfImages();
      const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a7' } })
        .jpeg()
        .toBuffer();
      const mp = multipartFiles('attachment', [{ data: jpeg, filename: 'compressor.jpg', contentType: 'image/jpeg' }]);
      const up = await call(b, `/api/organizations/1/invoices/${id}/attachments/pictures`, {
        method: 'POST',
        token,
        headers: mp.headers,
        body: new Uint8Array(mp.payload),
      });
      expect(up.status).toBe(201);
      expect((await s3.keys()).filter((k) => k.startsWith(`1/invoices/${id}/`)).length).toBeGreaterThanOrEqual(2);
      const after = await pdfImages();
      expect(after.text).toContain('compressor.jpg');
      expect(after.images).toBe(before.images + 1);
    });

    it('login requests from one client alternating A and B are rate limited as on one instance', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 24; i++) {
        const res = await call(i % 2 ? b : a, '/api/login', {
          method: 'POST',
          headers: { 'x-forwarded-for': '203.0.113.7' },
          body: JSON.stringify({ username: `tentativa${i}@teste.com.br`, password: 'errada-123' }),
        });
        statuses.push(res.status);
      }
      // LOGIN_RATE_LIMIT_PER_MINUTE=20 for both: the 21st request of the minute is refused,
      // whichever instance gets it (each alone would have seen only 12).
      expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(20)).toEqual([429, 429, 429, 429]);
    });

    it('password guessing on one account alternating A and B is throttled after as many tries as on one instance', async () => {
      // Each try from a new address, so only the per-account throttle can stop it.
      let ip = 0;
      const triesUntilRefused = async (servers: ServerProcess[], username: string) => {
        for (let n = 1; n <= 50; n++) {
          const res = await call(servers[n % servers.length]!, '/api/login', {
            method: 'POST',
            headers: { 'x-forwarded-for': `198.51.100.${++ip}` },
            body: JSON.stringify({ username, password: 'chute-errado' }),
          });
          if (res.status === 429) return n;
          expect(res.status).toBe(401);
        }
        return Infinity;
      };
      const onOne = await triesUntilRefused([a], 'admin@org102.com.br');
      const onBoth = await triesUntilRefused([a, b], 'tecnico@demo.com.br');
      expect(onOne).toBeLessThan(50);
      expect(onBoth).toBe(onOne);
    });

    it("a customer signs on A and the admin's bell on B counts it exactly once", async () => {
      const token = await login(a);
      const bell = async () =>
        (await (await call(b, '/api/organizations/1/notifications?take=100', { token })).json()) as {
          data: Array<{ url: string | null }>;
          meta: { total: number; unread: number };
        };
      // An order of the demo organization that is still waiting for its signature.
      const list = await (await call(a, '/api/organizations/1/invoices/filter?take=100', { token })).json();
      let order: { id: number; signUrl: string } | undefined;
      for (const row of list.data as Array<{ id: number }>) {
        const detail = await (await call(a, `/api/organizations/1/invoices/${row.id}`, { token })).json();
        if (detail.signUrl && detail.statusState !== -100) {
          order = { id: row.id, signUrl: detail.signUrl };
          break;
        }
      }
      expect(order, 'an unsigned demo order').toBeDefined();
      const before = await bell();
      const svg =
        '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="400" height="200" fill="#fff"/><path d="M20 150 C 80 20, 160 20, 200 120" stroke="#000" stroke-width="3" fill="none"/></svg>';
      const drawn = `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
      const signed = await call(a, `/api/public${order!.signUrl}`, {
        method: 'POST',
        body: JSON.stringify({ signature: drawn, signerName: 'Maria Cliente' }),
      });
      expect(signed.status, await signed.clone().text()).toBe(200);
      // Give either instance's background job time to (wrongly) add a second one.
      await new Promise((r) => setTimeout(r, 1500));
      const after = await bell();
      expect(after.meta.total).toBe(before.meta.total + 1);
      expect(after.meta.unread).toBe(before.meta.unread + 1);
      expect(after.data.filter((n) => n.url?.includes(`/invoices/${order!.id}/`)).length).toBe(1);
    });

    it('both report ready: the database and the bucket answer', async () => {
      for (const server of [a, b]) {
        const ready = await call(server, '/api/health/ready');
        expect(ready.status).toBe(200);
        expect((await ready.json()).checks).toEqual({ database: 'ok', storage: 'ok' });
      }
    });
  });
});
