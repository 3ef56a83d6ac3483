import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyTemplateDatabase } from '../test/helpers.ts';
import { startS3Server, type S3Server } from '../test/s3-server.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';

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
    const server = await startServerProcess({ DATABASE_URL: db.url, ...s3.env });
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

  it('SIGTERM lets a request in flight finish, refuses new connections, then exits 0', async () => {
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
  });
});
