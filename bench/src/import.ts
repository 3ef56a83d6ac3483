// Spreadsheet import of 20,000 customers, each with an address and an equipment (BENCH_IMPORT_ROWS
// changes the size): POST import/customers through app.inject() with a Windows-1252 CSV and with an
// XLSX, on a throwaway PostgreSQL cluster, on PGlite in memory and on PGlite in a data directory on
// disk (as the server runs it with DATA_DIR). Per file: a dry run (check and preview), the
// import, and the same file again (every row already registered, nothing written). Prints seconds and
// rows a second for each; the server's limit for a file is 10 MB.
// Run: node --import tsx bench/src/import.ts [pglite|pglite-disk|postgres ...]   (npm run bench import)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allFeatures } from '@ordem-certa/contracts';
import { createOrganizationWithAdmin, migrate, openDatabase, type Database } from '@ordem-certa/db';
import { customerSheet, importForm, toCsv, toXlsx, windows1252 } from '@ordem-certa/test-support/import-fixtures';
import { benchApp, benchToken, databaseKinds, withDatabase } from './setup.ts';

const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 20_000);

/** withDatabase, plus 'pglite-disk': an embedded database in a temporary directory, removed afterwards. */
async function onDatabase(kind: string, fn: (database: Database) => Promise<void>) {
  if (kind !== 'pglite-disk') return withDatabase(kind, fn);
  const dir = mkdtempSync(join(tmpdir(), 'bench-import-'));
  const database = await openDatabase({ dataDir: dir });
  try {
    await migrate(database);
    await fn(database);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function bench(kind: string) {
  await onDatabase(kind, async (database) => {
    const app = await benchApp(database);
    const files: Array<[string, Buffer, string]> = [
      ['CSV (Windows-1252, ;)', windows1252(toCsv(customerSheet(rows, { seed: 1, bad: true }))), 'clientes.csv'],
      ['XLSX', await toXlsx(customerSheet(rows, { seed: 2, bad: true })), 'clientes.xlsx'],
    ];
    console.log(`\n### ${kind}: ${rows} customers per file\n`);
    console.log('| file | size | step | seconds | rows/s | imported / existing / invalid |\n|---|---|---|---|---|---|');
    for (const [label, file, name] of files) {
      // Each file into an organization of its own, so the second finds nothing of the first.
      const { organization, admin } = await createOrganizationWithAdmin(database.db, {
        name: `Import ${label}`,
        features: allFeatures,
        admin: { name: 'Bench', email: `import-${name}-${Date.now()}@bench.com.br`, password: 'bench1234' },
      });
      const token = await benchToken(app, {
        organizationId: organization.id,
        adminId: admin.id,
        adminEmail: admin.email,
      });
      const url = `/api/organizations/${organization.id}/import/customers`;
      for (const step of ['dry run', 'import', 'again'] as const) {
        const form = importForm(file, name, step === 'dry run' ? { dryRun: 'true' } : {});
        const t0 = performance.now();
        const res = await app.inject({
          method: 'POST',
          url,
          headers: { ...form.headers, authorization: `Bearer ${token}` },
          payload: form.payload,
        });
        const seconds = (performance.now() - t0) / 1000;
        if (res.statusCode !== 200) throw new Error(`${label} ${step}: ${res.statusCode} ${res.body.slice(0, 500)}`);
        const r = res.json() as { imported: number; ready: number; existing: number; invalid: number };
        const done = step === 'dry run' ? `(${r.ready} ready)` : r.imported;
        console.log(
          `| ${label} | ${(file.length / 1024 / 1024).toFixed(1)} MB | ${step} | ${seconds.toFixed(1)} | ${Math.round(rows / seconds)} | ${done} / ${r.existing} / ${r.invalid} |`,
        );
      }
    }
    await app.close();
  });
}

for (const kind of databaseKinds(['pglite', 'pglite-disk', 'postgres'])) await bench(kind);
