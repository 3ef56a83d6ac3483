import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, PGLITE_SHARED_BUFFERS, type Database } from './client.ts';

// The embedded database starts with a small page cache (PostgreSQL's 128 MB default was taken whole at
// start and was most of an idle server's memory); a server may ask for another size.
describe('embedded page cache', () => {
  const sharedBuffers = async (opts: { sharedBuffers?: string }) => {
    const database = await openDatabase(opts);
    try {
      const [row] = await database.rawTransaction((raw) =>
        raw.query<{ shared_buffers: string }>('SHOW shared_buffers'),
      );
      return row!.shared_buffers;
    } finally {
      await database.close();
    }
  };

  it('is 32MB unless told, and the size asked for when told', async () => {
    expect(PGLITE_SHARED_BUFFERS).toBe('32MB');
    expect(await sharedBuffers({})).toBe('32MB');
    expect(await sharedBuffers({ sharedBuffers: '16MB' })).toBe('16MB');
  }, 60_000);

  it('a size PostgreSQL would not take is refused before the database starts', async () => {
    await expect(openDatabase({ sharedBuffers: 'lots' })).rejects.toThrow('shared_buffers inválido: lots');
    await expect(openDatabase({ sharedBuffers: '32' })).rejects.toThrow('shared_buffers inválido');
  });
});

// The embedded database is one session, reached through one pooled connection: a statement sent while a
// transaction is open waits for it instead of running inside it, and `alone` holds everyone off.
describe('embedded database, one connection', () => {
  /** A new embedded database with an empty table t (n int), closed after fn. */
  const withTable = async (fn: (database: Database) => Promise<void>) => {
    const database = await openDatabase({});
    try {
      await database.exec('CREATE TABLE t (n int)');
      await fn(database);
    } finally {
      await database.close();
    }
  };
  const count = async (database: Database) => {
    const result = (await database.db.execute(sql`SELECT count(*)::int AS n FROM t`)) as unknown as {
      rows: { n: number }[];
    };
    return result.rows[0]!.n;
  };

  it('a statement sent during a transaction runs after it, not inside it', async () => {
    await withTable(async (database) => {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const order: string[] = [];
      const tx = database.db.transaction(async (t) => {
        await t.execute(sql`INSERT INTO t VALUES (1)`);
        order.push('inserted');
        await held;
        throw new Error('rolled back');
      });
      await new Promise((r) => setTimeout(r, 50));
      const outside = count(database).then((n) => order.push(`counted ${n}`));
      await new Promise((r) => setTimeout(r, 100));
      expect(order).toEqual(['inserted']); // still waiting for the transaction
      release();
      await expect(tx).rejects.toThrow('rolled back');
      await outside;
      // Run inside the transaction, the count would have seen its row (1) and been rolled back with it.
      expect(order).toEqual(['inserted', 'counted 0']);
    });
  }, 60_000);

  it('a failed statement (a unique violation) leaves the connection working for the next ones', async () => {
    await withTable(async (database) => {
      await database.exec('CREATE UNIQUE INDEX t_n ON t (n)');
      await database.db.execute(sql`INSERT INTO t VALUES (1)`);
      const failures = await Promise.all(
        [1, 1, 1].map((n) => database.db.execute(sql`INSERT INTO t VALUES (${n})`).catch((err: unknown) => err)),
      );
      for (const err of failures) expect(err).toMatchObject({ cause: { code: '23505' } });
      await database.db.execute(sql`INSERT INTO t VALUES (2)`);
      expect(await count(database)).toBe(2);
    });
  }, 60_000);

  it('alone: no statement of the app runs until it is done', async () => {
    await withTable(async (database) => {
      const order: string[] = [];
      const alone = database.alone!(async (pglite) => {
        await new Promise((r) => setTimeout(r, 100));
        await pglite.exec('INSERT INTO t VALUES (1)');
        order.push('alone done');
      });
      await new Promise((r) => setTimeout(r, 20));
      const outside = count(database).then((n) => order.push(`counted ${n}`));
      await Promise.all([alone, outside]);
      expect(order).toEqual(['alone done', 'counted 1']);
    });
  }, 60_000);
});
