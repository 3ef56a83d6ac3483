import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { perFile } from '../../test/helpers.ts';
import { reads } from './reads.ts';

// In a transaction (one connection) the reads go one after the other; on the pool they go at once.
const t = perFile();

/** A read that notes when it was sent and when its answer came. */
const noted = (log: string[], name: string, db: Parameters<typeof reads>[0]) => () => {
  log.push(`${name} sent`);
  return db.execute(sql`SELECT ${name}::text AS name, pg_sleep(0.02)`).then((r) => {
    log.push(`${name} answered`);
    return (r as unknown as { rows: Array<{ name: string }> }).rows[0]!.name;
  });
};

describe('reads', () => {
  it('in a transaction: each read is sent after the one before has answered; results in order', async () => {
    const log: string[] = [];
    const names = await t.ctx.database.db.transaction((tx) =>
      reads(tx, noted(log, 'a', tx), noted(log, 'b', tx), noted(log, 'c', tx)),
    );
    expect(names).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a sent', 'a answered', 'b sent', 'b answered', 'c sent', 'c answered']);
  });

  it('on the pool: all are sent at once; results in order', async () => {
    const log: string[] = [];
    const db = t.ctx.database.db;
    const names = await reads(db, noted(log, 'a', db), noted(log, 'b', db));
    expect(names).toEqual(['a', 'b']);
    expect(log.slice(0, 2)).toEqual(['a sent', 'b sent']);
  });
});
