import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { openDatabase } from '@ordem-certa/db';
import { buildApp } from './app.ts';

/**
 * Writes the API's OpenAPI document (the one /api/docs serves) to a file, for `redocly lint` in
 * `npm run check`: `node --import tsx apps/server/src/openapi.ts [file]`. Routes are only registered,
 * never called, so an empty in-memory database is enough.
 */
const file = resolve(process.argv[2] ?? 'tmp/openapi.json');
const database = await openDatabase({});
try {
  const app = await buildApp({
    database,
    serveWeb: false,
    config: { jwtSecret: 'openapi', tokenTtlSeconds: 3600, loginRateLimitPerMinute: 10, dataDir: 'tmp' },
  });
  await app.ready();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  await app.close();
} finally {
  await database.close();
}
