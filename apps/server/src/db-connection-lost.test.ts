import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '@ordem-certa/db';
import { isDatabaseUnavailable } from './lib/errors.ts';

// PostgreSQL ends a connection (restart, failover, an administrator) while a request holds it between
// two statements: the request fails as "database unavailable" (503) and the process goes on. pg emits
// that loss as an 'error' event on the connection, which nobody heard while it was checked out of the
// pool: the process died with it, and the server refused every request after.
const testDb = inject('testDb');
const onPostgres = testDb.kind === 'postgres';

let database: Database;
let admin: pg.Client;

beforeAll(async () => {
  if (testDb.kind !== 'postgres') return;
  database = await openDatabase({ databaseUrl: testDb.adminUrl, poolMax: 2, onPoolError: () => {} });
  admin = new pg.Client({ connectionString: testDb.adminUrl });
  await admin.connect();
});

afterAll(async () => {
  if (!onPostgres) return;
  await admin.end();
  await database.close();
});

describe.skipIf(!onPostgres)('a connection ended by the server while a request holds it', () => {
  it('fails that request as unavailable, keeps the process, and the pool serves the next one', async () => {
    const failure = await database
      .rawTransaction(async (tx) => {
        const [row] = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        await admin.query('SELECT pg_terminate_backend($1)', [row!.pid]);
        // The server's farewell arrives while this connection runs no statement.
        await new Promise((r) => setTimeout(r, 300));
        await tx.query('SELECT 1');
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(failure).not.toBeNull();
    expect(isDatabaseUnavailable(failure)).toBe(true);
    await expect(database.exec('SELECT 1')).resolves.toBeUndefined();
  });
});
