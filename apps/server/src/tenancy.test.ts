import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createOrg, createTestApp, type TestContext } from '../test/helpers.ts';
import { queryRows } from './lib/sql.ts';
import { schema } from '@ordem-certa/db';

/**
 * Tables that belong to no organization. Every other table is organization-owned: it must have
 * organization_id, and every foreign key from it to another owned table must carry
 * organization_id to the target's organization_id, so the database itself refuses a row that
 * points into another organization. A new global table has to be added here on purpose.
 */
const GLOBAL_TABLES = new Set([
  'organizations',
  'schema_migrations',
  'app_secrets',
  'rate_limits',
  'login_attempts',
  // Public registry data every organization reads alike: IBGE's list, the CEP, CNPJ and geocoding services' answers,
  // the municipalities' NFS-e parameters (ISS rates) from the national parameters API.
  'municipalities',
  'cep_lookups',
  'cnpj_lookups',
  'geocode_lookups',
  'nfse_municipal_parameters',
]);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

interface ForeignKey {
  name: string;
  source: string;
  target: string;
  columns: string[];
  targetColumns: string[];
}

async function liveSchema() {
  const tables = await queryRows<{ name: string; owned: boolean }>(
    ctx.database.db,
    sql`SELECT c.relname AS name,
               EXISTS (SELECT 1 FROM pg_attribute a
                       WHERE a.attrelid = c.oid AND a.attname = 'organization_id' AND NOT a.attisdropped) AS owned
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
        ORDER BY 1`,
  );
  const foreignKeys = await queryRows<ForeignKey>(
    ctx.database.db,
    sql`SELECT con.conname AS name, src.relname AS source, dst.relname AS target,
               array(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY k(n, i)
                     JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.n ORDER BY k.i) AS columns,
               array(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY k(n, i)
                     JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.n ORDER BY k.i) AS "targetColumns"
        FROM pg_constraint con
        JOIN pg_class src ON src.oid = con.conrelid
        JOIN pg_class dst ON dst.oid = con.confrelid
        JOIN pg_namespace n ON n.oid = src.relnamespace
        WHERE con.contype = 'f' AND n.nspname = 'public'
        ORDER BY 1`,
  );
  return { tables, foreignKeys };
}

describe('tenancy in the schema', () => {
  it('every table not declared global has organization_id', async () => {
    const { tables } = await liveSchema();
    expect(tables.length).toBeGreaterThan(10);
    const missing = tables.filter((t) => !t.owned && !GLOBAL_TABLES.has(t.name)).map((t) => t.name);
    expect(missing, 'organization-owned tables without organization_id').toEqual([]);
  });

  it('every foreign key between owned tables pairs organization_id with organization_id', async () => {
    const { tables, foreignKeys } = await liveSchema();
    const owned = new Set(tables.filter((t) => t.owned).map((t) => t.name));
    const between = foreignKeys.filter((fk) => owned.has(fk.source) && owned.has(fk.target));
    expect(between.length).toBeGreaterThan(10);
    const broken = between
      .filter((fk) => {
        const i = fk.columns.indexOf('organization_id');
        return i < 0 || fk.targetColumns[i] !== 'organization_id';
      })
      .map(
        (fk) => `${fk.name}: ${fk.source} (${fk.columns.join(', ')}) → ${fk.target} (${fk.targetColumns.join(', ')})`,
      );
    expect(broken, 'foreign keys that could cross organizations').toEqual([]);
  });

  it("the database refuses a row pointing at another organization's row", async () => {
    const mine = await createOrg(ctx);
    const theirs = await createOrg(ctx);
    const [customer] = await ctx.database.db
      .insert(schema.customers)
      .values({ organizationId: theirs.organization.id, type: 1, identifier: '', name: 'Cliente de outra empresa' })
      .returning();
    const equipment = (organizationId: number) => ({
      organizationId,
      customerId: customer!.id,
      name: 'Split 12000',
      brand: 'Elgin',
      model: 'X',
      serialNumber: '1',
    });
    await expect(ctx.database.db.insert(schema.equipments).values(equipment(mine.organization.id))).rejects.toThrow();
    expect(
      await ctx.database.db.insert(schema.equipments).values(equipment(theirs.organization.id)).returning(),
    ).toHaveLength(1);
  });
});
