import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Connections to PostgreSQL (DATABASE_URL) this process keeps at most. */
  databasePoolMax: number;
  jwtSecret: string;
  logLevel: string;
  seedDemo: boolean;
  tokenTtlSeconds: number;
  loginRateLimitPerMinute: number;
}

/** JWT_SECRET, else a secret generated once and kept in the data dir (so tokens survive restarts). */
function loadSecret(dataDir: string): string {
  if (process.env.JWT_SECRET) return process.env.JWT_SECRET;
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env = process.env): Config {
  const dataDir = resolve(env.DATA_DIR ?? 'data');
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    // A database does its best work with about two busy connections per core: more only queue inside
    // it and add switching. Requests beyond the pool wait in Node, which costs nothing.
    databasePoolMax: Number(env.DATABASE_POOL_MAX ?? Math.max(4, 2 * availableParallelism())),
    jwtSecret: loadSecret(dataDir),
    logLevel: env.LOG_LEVEL ?? 'info',
    // Demo data goes into the embedded database by default, never into a server unless asked.
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === '1' || env.SEED_DEMO === 'true' : !databaseUrl,
    tokenTtlSeconds: Number(env.TOKEN_TTL_SECONDS ?? 60 * 60 * 12),
    loginRateLimitPerMinute: Number(env.LOGIN_RATE_LIMIT_PER_MINUTE ?? 60),
  };
}
