import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultInvoiceStatuses } from '@ordem-certa/contracts';
import { migrationsDir } from './migrate.ts';

describe('default order statuses', () => {
  it('the migration gives existing organizations the same statuses new ones get in code', () => {
    const sql = readFileSync(join(migrationsDir, '20261122T0310_registers.sql'), 'utf8');
    const block = sql.slice(sql.indexOf('INSERT INTO invoice_statuses'), sql.indexOf('ORDER BY o.id'));
    const rows = [...block.matchAll(/\((-?\d+), '([^']+)', \d+\)/g)].map((m) => ({ state: Number(m[1]), label: m[2] }));
    expect(rows).toEqual(defaultInvoiceStatuses);
  });
});
