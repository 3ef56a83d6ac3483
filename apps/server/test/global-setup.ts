import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate, openDatabase, seedDemo } from '@ordem-certa/db';
import { startCluster } from '@ordem-certa/test-support/postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: { kind: 'pglite'; templateFile: string } | { kind: 'postgres'; adminUrl: string; template: string };
  }
}

export const TEMPLATE_DB = 'oficina_template';

/**
 * Migrates and seeds one database per test run; each test file then gets its own copy
 * (a PGlite data-dir dump, or CREATE DATABASE ... TEMPLATE on the throwaway cluster).
 */
export default async function setup(project: TestProject) {
  // The project's own env (vitest.config.ts) decides: the global setup runs in the main process,
  // where process.env.TEST_DB is not set, so reading only that ran api-postgres on PGlite.
  const kind = (project.config.env?.TEST_DB ?? process.env.TEST_DB) === 'postgres' ? 'postgres' : 'pglite';
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'oficina-pglite-'));
    const database = await openDatabase({});
    await migrate(database);
    await seedDemo(database.db);
    const dump = await database.pglite!.dumpDataDir('none');
    const templateFile = join(dir, 'template.tar');
    writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    project.provide('testDb', { kind, templateFile });
    return () => rmSync(dir, { recursive: true, force: true });
  }
  const cluster = await startCluster();
  const admin = new pg.Client({ connectionString: cluster.url('postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  const database = await openDatabase({ databaseUrl: cluster.url(TEMPLATE_DB), poolMax: 2 });
  await migrate(database);
  await seedDemo(database.db);
  await database.close();
  project.provide('testDb', { kind, adminUrl: cluster.url('postgres'), template: TEMPLATE_DB });
  return () => cluster.stop();
}
