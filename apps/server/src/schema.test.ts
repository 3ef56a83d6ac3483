import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { schema } from '@ordem-certa/db';
import { createTestApp, type TestContext } from '../test/helpers.ts';

// The SQL migrations are hand-written; this keeps them and the Drizzle schema files in step.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('migrations match the Drizzle schema', () => {
  const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => v instanceof PgTable);
  it('has tables to compare', () => expect(tables.length).toBeGreaterThan(10));
  for (const table of tables) {
    const config = getTableConfig(table);
    it(`${config.name}: every column exists with its nullability`, async () => {
      const rows = (await ctx.database.db.execute(
        sql`SELECT column_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public' AND table_name = ${config.name}`,
      )) as unknown as { rows: Array<{ column_name: string; is_nullable: string }> };
      const actual = new Map(rows.rows.map((r) => [r.column_name, r.is_nullable === 'YES']));
      const expected = new Map(config.columns.map((c) => [c.name, !c.notNull]));
      expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(expected));
    });
  }
});
