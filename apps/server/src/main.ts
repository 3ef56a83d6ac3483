import { DataDirInUseError, migrate, openDatabase, seedDemo, demoLogins, DEMO_PASSWORD } from '@oficina/db';
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createStorage } from './lib/storage.ts';
import { loadJwtSecret } from './lib/secrets.ts';
import { createBackup, holdableDeletes } from './lib/backup.ts';
import { startMaintenanceSocket } from './lib/maintenance.ts';
import { restrictNewFiles } from './lib/private-files.ts';

restrictNewFiles();
const startedAt = performance.now();
const config = loadConfig();
let log: { error(obj: object, msg: string): void } = {
  error: (obj, msg) => console.error(msg, obj),
};
const database = await openDatabase(
  config.databaseUrl
    ? {
        databaseUrl: config.databaseUrl,
        poolMax: config.databasePoolMax,
        onPoolError: (err) => log.error({ err }, 'database pool error'),
      }
    : { dataDir: join(config.dataDir, 'pgdata') },
).catch((err: unknown) => {
  if (err instanceof DataDirInUseError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
});
await migrate(database);
const seeded = config.seedDemo ? await seedDemo(database.db) : false;

const jwtSecret = await loadJwtSecret(database.db, {
  override: config.jwtSecret,
  legacyFile: config.databaseUrl ? undefined : join(config.dataDir, 'jwt-secret'),
});

// Embedded: deletes of files can be held back while the CLI's backup copies them (lib/backup.ts).
const files = holdableDeletes(createStorage(config));
const app = await buildApp({
  database,
  config: { ...config, jwtSecret },
  storage: files.storage,
  jobs: { reminderIntervalMs: config.reminderJobIntervalMs },
  logger: {
    level: config.logLevel,
    ...(process.stdout.isTTY ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } } : {}),
  },
});

log = app.log;

/** How long SIGTERM waits for requests in flight (uploads, PDFs) before giving up. */
const DRAIN_TIMEOUT_MS = 25_000;
let closing = false;
/**
 * SIGTERM/SIGINT: stop accepting connections, let the requests in flight finish (Fastify answers
 * 503 to any new request on a kept-alive connection meanwhile), then close the database and exit.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'draining requests in flight, then exiting');
  const timer = setTimeout(() => {
    app.log.error('requests still in flight after the drain timeout; exiting anyway');
    process.exit(1);
  }, DRAIN_TIMEOUT_MS);
  try {
    maintenance?.close();
    await app.close();
    await database.close();
  } finally {
    clearTimeout(timer);
    app.log.info('drained; bye');
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

const pglite = database.pglite;
const maintenance =
  pglite && !config.s3
    ? await startMaintenanceSocket(config.dataDir, () =>
        files.holdingDeletes(() => createBackup(pglite, join(config.dataDir, 'files'))),
      )
    : undefined;

await app.listen({ port: config.port, host: config.host });
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite em ${join(config.dataDir, 'pgdata')}`;
app.log.info(`banco: ${where}; pronto em ${Math.round(performance.now() - startedAt)} ms`);
if (seeded) {
  console.log(`\nDados de demonstração criados. Acesse http://localhost:${config.port} com (senha ${DEMO_PASSWORD}):`);
  for (const l of demoLogins) console.log(`  ${l.email.padEnd(22)} ${l.role.padEnd(12)} ${l.organization}`);
  console.log('');
}
