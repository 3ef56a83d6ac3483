// One server process: opens the database, migrates it, builds the app and listens. main.ts runs it
// directly, or in each worker of a cluster (lib/cluster.ts).
import {
  DataDirInUseError,
  migrate,
  openDatabase,
  seedDemo,
  demoLogins,
  DEMO_PASSWORD,
  SHARED_BUFFERS_PATTERN,
} from '@ordem-certa/db';
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createStorage } from './lib/storage.ts';
import { loadJwtSecret } from './lib/secrets.ts';
import { createBackup, holdableDeletes } from './lib/backup.ts';
import { startMaintenanceSocket } from './lib/maintenance.ts';
import { cliCommands } from './cli-commands.ts';
import { parseCron, startBackupSchedule, type CronSchedule } from './lib/backup-schedule.ts';
import { restrictNewFiles } from './lib/private-files.ts';
import { demoWhatsAppWanted, startDemoWhatsApp } from './modules/whatsapp/demo.ts';

restrictNewFiles();
const startedAt = performance.now();

/** A start that cannot go on: one clear line (and the cause) on stderr, exit code 1. */
function failStart(what: string, err: unknown): never {
  const reason = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  const code = (err as { code?: unknown })?.code;
  console.error(`ERRO ao iniciar: ${what}.\n  causa: ${reason}${typeof code === 'string' ? ` (${code})` : ''}`);
  process.exit(1);
}
const config = (() => {
  try {
    return loadConfig();
  } catch (err) {
    return failStart('configuração inválida / invalid settings', err);
  }
})();
let backupSchedule: CronSchedule | undefined;
try {
  backupSchedule = config.backupCron ? parseCron(config.backupCron) : undefined;
  if (backupSchedule && !(config.backupKeepDays > 0))
    throw new Error('BACKUP_KEEP_DAYS: informe um número de dias > 0');
} catch (err) {
  failStart('configuração de backup inválida / invalid backup settings', err);
}
if (config.pgliteSharedBuffers && !SHARED_BUFFERS_PATTERN.test(config.pgliteSharedBuffers)) {
  failStart(
    'PGLITE_SHARED_BUFFERS inválido / invalid PGLITE_SHARED_BUFFERS',
    new Error(`"${config.pgliteSharedBuffers}": use um tamanho como 32MB, 64MB ou 1GB`),
  );
}
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
    : { dataDir: join(config.dataDir, 'pgdata'), sharedBuffers: config.pgliteSharedBuffers },
).catch((err: unknown) => {
  if (err instanceof DataDirInUseError) {
    console.error(err.message);
    process.exit(1);
  }
  return failStart(
    config.databaseUrl
      ? 'não foi possível conectar ao PostgreSQL de DATABASE_URL / could not connect to the PostgreSQL server of DATABASE_URL'
      : `não foi possível abrir o banco embutido em ${join(config.dataDir, 'pgdata')} (disco cheio, somente leitura ou sem permissão?) / could not open the embedded database (disk full, read-only or no permission?)`,
    err,
  );
});
await migrate(database).catch((err: unknown) =>
  failStart('não foi possível preparar o banco de dados (migrações) / could not migrate the database', err),
);
// In a cluster only the first worker seeds (the others would race it for the same rows).
const firstProcess = (process.env.WORKER_INDEX ?? '0') === '0';
const seeded = config.seedDemo && firstProcess ? await seedDemo(database.db) : false;

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
  jobs: {
    reminderIntervalMs: config.reminderJobIntervalMs,
    maintenancePlanIntervalMs: config.maintenancePlanJobIntervalMs,
    receivableIntervalMs: config.receivableJobIntervalMs,
    contractIntervalMs: config.contractJobIntervalMs,
    nfseIntervalMs: config.nfseJobIntervalMs,
    whatsappIntervalMs: config.whatsappJobIntervalMs,
    pixChargeIntervalMs: config.pixJobIntervalMs,
    pixReconcileIntervalMs: config.pixReconcileIntervalMs,
    accountMailIntervalMs: config.accountMailJobIntervalMs,
    fieldIntervalMs: config.fieldJobIntervalMs,
  },
  // With the demo data, the demo company's Pix charges go to a stand-in PSP inside this process.
  demoPsp: config.seedDemo && firstProcess ? { connectDemoCompany: seeded } : undefined,
  logger: {
    level: config.logLevel,
    ...(process.stdout.isTTY ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } } : {}),
  },
});

log = app.log;
if (config.secretsKeyRequired && !config.secretsKey)
  app.log.warn(
    'sem NFSE_CERT_KEY nem SECRETS_KEY_FILE: certificados A1 não serão guardados até uma chave fora do banco ser configurada / no secrets key outside the database: A1 certificates are refused until one is set',
  );

// The demo's WhatsApp number talks to a stand-in Cloud API on loopback (never in production, never
// when WHATSAPP_API_URL is set); the config read by the WhatsApp code learns where it listens.
if (demoWhatsAppWanted(process.env, config.seedDemo)) {
  const wired = await startDemoWhatsApp(app.db, app.config, app.log, config.port).catch((err: unknown) => {
    app.log.warn({ err }, 'demo WhatsApp: the stand-in could not start');
    return null;
  });
  if (wired) {
    app.config.whatsappDemo = wired.demo;
    app.addHook('onClose', () => wired.standIn.close());
  }
}

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
    backups?.stop();
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
// The CLI's channel to this process, which holds the embedded database: its backups (not with files
// in a bucket, backed up with the bucket's own tools) and its commands that write.
const maintenance = pglite
  ? await startMaintenanceSocket(
      config.dataDir,
      config.s3 ? undefined : () => files.holdingDeletes(() => createBackup(database, join(config.dataDir, 'files'))),
      cliCommands(database.db),
    )
  : undefined;

// Scheduled backups (BACKUP_CRON): the same archive as `npm run cli -- backup`, made by this process.
let backups: { stop(): void } | undefined;
if (backupSchedule) {
  if (pglite && !config.s3) {
    backups = startBackupSchedule({
      schedule: backupSchedule,
      dir: config.backupDir,
      keepDays: config.backupKeepDays,
      make: () => files.holdingDeletes(() => createBackup(database, join(config.dataDir, 'files'))),
      passphrase: config.backupPassphrase,
      log: app.log,
    });
    app.log.info(
      { cron: config.backupCron, dir: config.backupDir, keepDays: config.backupKeepDays },
      'scheduled backups on',
    );
  } else {
    app.log.warn(
      'BACKUP_CRON ignorado: o backup agendado cobre o banco embutido com arquivos locais; com DATABASE_URL ou S3 use pg_dump e a cópia do bucket',
    );
  }
}

await app.listen({ port: config.port, host: config.host });
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite em ${join(config.dataDir, 'pgdata')}`;
app.log.info(`banco: ${where}; pronto em ${Math.round(performance.now() - startedAt)} ms`);
if (seeded) {
  console.log(`\nDados de demonstração criados. Acesse http://localhost:${config.port} com (senha ${DEMO_PASSWORD}):`);
  for (const l of demoLogins) console.log(`  ${l.email.padEnd(22)} ${l.role.padEnd(12)} ${l.organization}`);
  console.log('');
}
