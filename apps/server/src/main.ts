import { migrate, openDatabase, seedDemo, demoLogins, DEMO_PASSWORD } from '@oficina/db';
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

const startedAt = performance.now();
const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? { databaseUrl: config.databaseUrl, poolMax: config.databasePoolMax }
    : { dataDir: join(config.dataDir, 'pgdata') },
);
await migrate(database);
const seeded = config.seedDemo ? await seedDemo(database.db) : false;

const app = await buildApp({
  database,
  config,
  logger: {
    level: config.logLevel,
    ...(process.stdout.isTTY ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } } : {}),
  },
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => process.exit(1), 10_000);
  try {
    await app.close();
    await database.close();
  } finally {
    clearTimeout(timer);
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite em ${join(config.dataDir, 'pgdata')}`;
app.log.info(`banco: ${where}; pronto em ${Math.round(performance.now() - startedAt)} ms`);
if (seeded) {
  console.log(`\nDados de demonstração criados. Acesse http://localhost:${config.port} com (senha ${DEMO_PASSWORD}):`);
  for (const l of demoLogins) console.log(`  ${l.email.padEnd(22)} ${l.role.padEnd(12)} ${l.organization}`);
  console.log('');
}
