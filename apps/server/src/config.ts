import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { s3SettingsFromEnv, type S3Settings } from './lib/storage.ts';

export interface Config {
  port: number;
  host: string;
  /** APP_URL: the address people open the app at, for links sent by e-mail (default http://localhost:PORT). */
  appUrl?: string;
  dataDir: string;
  databaseUrl?: string;
  /** Connections to PostgreSQL (DATABASE_URL) this process keeps at most. */
  databasePoolMax: number;
  /** The embedded database's page cache (PGLITE_SHARED_BUFFERS, e.g. '32MB'); unset: the database's default. */
  pgliteSharedBuffers?: string;
  /** JWT_SECRET; when absent the key generated once and kept in the database is used. */
  jwtSecret?: string;
  logLevel: string;
  seedDemo: boolean;
  tokenTtlSeconds: number;
  loginRateLimitPerMinute: number;
  /** SIGNUP: 'open' (default) lets anyone create a shop at /cadastro; 'closed' leaves the command line only. */
  signup: 'open' | 'closed';
  /** How often the job sends the account e-mails still queued (ms; 0 turns it off). */
  accountMailJobIntervalMs: number;
  /** How often the job turns due estimate reminders into notifications (ms; 0 turns it off). */
  reminderJobIntervalMs: number;
  /** How often the job makes the orders of maintenance plans' visits coming due (ms; 0 turns it off). */
  maintenancePlanJobIntervalMs: number;
  /** How often the job tells the admins of instalments that fell due unreceived (ms; 0 turns it off). */
  receivableJobIntervalMs: number;
  /** How often the job bills the maintenance contracts' periods that came due (ms; 0 turns it off). */
  contractJobIntervalMs: number;
  /** Files in an S3-compatible bucket (S3_BUCKET set); local disk under dataDir otherwise. */
  s3?: S3Settings;
  trustProxy: TrustProxy;
  /** BACKUP_CRON: when the server backs up the embedded installation by itself (unset: never). */
  backupCron?: string;
  /** BACKUP_DIR: where those archives go (default `${dataDir}/backups`). */
  backupDir: string;
  /** BACKUP_KEEP_DAYS: archives older than this many days are deleted after each run (default 14). */
  backupKeepDays: number;
  /** BACKUP_PASSPHRASE: backups (the CLI's and the scheduled ones) are encrypted with it; restore asks for it. */
  backupPassphrase?: string;
  /** CEP_API_URL: a ViaCEP-compatible service (`{url}/{cep}/json/`), asked first. */
  cepApiUrl: string;
  /** CEP_FALLBACK_URL: a BrasilAPI-compatible CEP service (`{url}/{cep}`), asked when the first fails. */
  cepFallbackUrl: string;
  /** CNPJ_API_URL: a BrasilAPI-compatible CNPJ service (`{url}/{cnpj}`). */
  cnpjApiUrl: string;
  /** NFSE_API_URL: the SEFIN Nacional the homologation environment sends to (default the national homologation base). */
  nfseApiUrl: string;
  /** NFSE_PRODUCTION_API_URL: the SEFIN Nacional of companies in production (default the national production base). */
  nfseProductionApiUrl: string;
  /** NFSE_PARAMETERS_URL: the national municipal parameters API (ISS rates, who uses the national system). */
  nfseParametersUrl: string;
  /**
   * The key stored secrets (A1 certificates and their passwords) are encrypted with, from outside the
   * database: NFSE_CERT_KEY, or the contents of the file SECRETS_KEY_FILE names. Unset: outside
   * production one kept in the database; in production such secrets are refused.
   */
  secretsKey?: string;
  /** NODE_ENV=production: stored secrets need `secretsKey`. */
  secretsKeyRequired: boolean;
  /** How often the job sends the NFS-e waiting to be sent (ms; 0 turns it off). */
  nfseJobIntervalMs: number;
  /** GEOCODER_URL: a Nominatim-compatible geocoding service (`{url}/search?q=…&format=jsonv2`); unset: addresses are placed by hand only. */
  geocoderUrl?: string;
  /** ROUTING_URL: an OSRM-compatible routing service (`{url}/route/v1/driving/…`); unset: straight-line estimates. */
  routingUrl?: string;
  /**
   * MAP_TILES_URL: the map's tiles, an OpenStreetMap-compatible URL template (`https://host/{z}/{x}/{y}.png`,
   * `{s}` for subdomains); unset: no maps, the screens show their lists with distances.
   */
  mapTilesUrl?: string;
  /** How often the job geocodes new addresses and reduces old stamps to their times (ms; 0 turns it off). */
  fieldJobIntervalMs: number;
  /** WHATSAPP_API_URL: Meta's Graph API with its version, where the WhatsApp Cloud API answers. */
  whatsappApiUrl: string;
  /** How often the job sends the queued WhatsApp messages and finds the reminders due (ms; 0 turns it off). */
  whatsappJobIntervalMs: number;
  /** How often the job brings the queued orders' Pix charges in line with the PSP (ms; 0 turns it off). */
  pixJobIntervalMs: number;
  /** How often each connected company's PSP is read for Pix no webhook brought (ms; 0 turns it off). */
  pixReconcileIntervalMs: number;
  /** VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY: the Web Push key pair; when absent one kept in the database. */
  vapidPublicKey?: string;
  vapidPrivateKey?: string;
  /** VAPID_SUBJECT: the contact push services see (default mailto:nao-responda@ the APP_URL host). */
  vapidSubject?: string;
  /** PUSH_ALLOWED_HOSTS: push services' hosts accepted besides the browsers' own (comma-separated; `*.` for subdomains). */
  pushAllowedHosts: string[];
  /** PUSH_ALLOW_LOCALHOST=1: push endpoints on this machine (http://localhost…) accepted — for tests only. */
  pushAllowLocalhost: boolean;
}

/** The national NFS-e web service (SEFIN Nacional) of each environment. */
export const NFSE_HOMOLOGATION_URL = 'https://sefin.producaorestrita.nfse.gov.br/SefinNacional';
export const NFSE_PRODUCTION_URL = 'https://sefin.nfse.gov.br/SefinNacional';
/** The national municipal parameters API (Ambiente de Dados Nacional), production's: the municipalities' real rates. */
export const NFSE_PARAMETERS_URL = 'https://adn.nfse.gov.br/parametrizacao';
/** Meta's Graph API at its latest version (v27.0, November 2026), where the WhatsApp Cloud API is. */
export const WHATSAPP_GRAPH_URL = 'https://graph.facebook.com/v27.0';

/** Whom to believe about the client's address: nobody (false), these proxies, or so many hops. */
export type TrustProxy = false | string[] | number;

/**
 * TRUST_PROXY: unset trusts no forwarded header (the client is the peer of the socket); a hop count
 * ("1": one load balancer in front); or a comma-separated list of proxy addresses or CIDRs
 * ("10.0.0.0/8,127.0.0.1"). Only then do X-Forwarded-For and X-Forwarded-Proto count, so per-address
 * limits and the signer's address kept as evidence cannot be set by the client.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim();
  if (!value || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** NFSE_CERT_KEY, or the key file SECRETS_KEY_FILE names (one of them; an unreadable or empty file stops the start). */
function secretsKeyFrom(env: NodeJS.ProcessEnv): string | undefined {
  const file = env.SECRETS_KEY_FILE?.trim();
  if (!file) return env.NFSE_CERT_KEY || undefined;
  if (env.NFSE_CERT_KEY) throw new Error('NFSE_CERT_KEY and SECRETS_KEY_FILE are both set: keep one of them');
  let key: string;
  try {
    key = readFileSync(file, 'utf8').trim();
  } catch (err) {
    throw new Error(`SECRETS_KEY_FILE (${file}) cannot be read: ${(err as Error).message}`, { cause: err });
  }
  if (!key) throw new Error(`SECRETS_KEY_FILE (${file}) is empty`);
  return key;
}

/** An outside service's base URL without its trailing '/' (paths are added after it). */
/** A tile URL template must name the tile ({z}, {x}, {y}) on http(s); anything else stops the start. */
function mapTilesUrlOf(value: string | undefined) {
  const url = value?.trim();
  if (!url) return undefined;
  if (!/^https?:\/\/[^/]+\//.test(url) || !['{z}', '{x}', '{y}'].every((p) => url.includes(p)))
    throw new Error(
      'MAP_TILES_URL must be an http(s) URL template with {z}, {x} and {y}, e.g. https://tile.example.com/{z}/{x}/{y}.png',
    );
  return url;
}

const baseUrl = (value: string | undefined, fallback: string) => (value?.trim() || fallback).replace(/\/+$/, '');

/** SIGNUP: open unless 'closed'; any other word is a typo that must not leave sign-up open unnoticed. */
function signupSetting(value: string | undefined): Config['signup'] {
  const v = value?.trim().toLowerCase() || 'open';
  if (v !== 'open' && v !== 'closed') throw new Error(`SIGNUP must be 'open' or 'closed', not '${value}'`);
  return v;
}

export function loadConfig(env = process.env): Config {
  const dataDir = resolve(env.DATA_DIR ?? 'data');
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    appUrl: (env.APP_URL || `http://localhost:${env.PORT ?? 3000}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl,
    // A database does its best work with about two busy connections per core: more only queue inside
    // it and add switching. Requests beyond the pool wait in Node, which costs nothing.
    databasePoolMax: Number(env.DATABASE_POOL_MAX ?? Math.max(4, 2 * availableParallelism())),
    pgliteSharedBuffers: env.PGLITE_SHARED_BUFFERS?.trim() || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    // Demo users (known passwords) never reach production: not with NODE_ENV=production, and with a
    // DATABASE_URL only when SEED_DEMO=1 asks (benchmarks, throwaway clusters). The embedded
    // database of `npm start` gets them by default, for trying the app.
    seedDemo:
      env.NODE_ENV !== 'production' &&
      (env.SEED_DEMO ? env.SEED_DEMO === '1' || env.SEED_DEMO === 'true' : !databaseUrl),
    tokenTtlSeconds: Number(env.TOKEN_TTL_SECONDS ?? 60 * 60 * 12),
    loginRateLimitPerMinute: Number(env.LOGIN_RATE_LIMIT_PER_MINUTE ?? 60),
    signup: signupSetting(env.SIGNUP),
    accountMailJobIntervalMs: Number(env.ACCOUNT_MAIL_JOB_INTERVAL_MS ?? 30_000),
    reminderJobIntervalMs: Number(env.REMINDER_JOB_INTERVAL_MS ?? 5000),
    maintenancePlanJobIntervalMs: Number(env.MAINTENANCE_JOB_INTERVAL_MS ?? 60_000),
    receivableJobIntervalMs: Number(env.RECEIVABLE_JOB_INTERVAL_MS ?? 60_000),
    contractJobIntervalMs: Number(env.CONTRACT_JOB_INTERVAL_MS ?? 3_600_000),
    s3: s3SettingsFromEnv(env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    backupCron: env.BACKUP_CRON?.trim() || undefined,
    backupDir: resolve(env.BACKUP_DIR || resolve(dataDir, 'backups')),
    backupKeepDays: Number(env.BACKUP_KEEP_DAYS || 14),
    backupPassphrase: env.BACKUP_PASSPHRASE || undefined,
    cepApiUrl: baseUrl(env.CEP_API_URL, 'https://viacep.com.br/ws'),
    cepFallbackUrl: baseUrl(env.CEP_FALLBACK_URL, 'https://brasilapi.com.br/api/cep/v1'),
    cnpjApiUrl: baseUrl(env.CNPJ_API_URL, 'https://brasilapi.com.br/api/cnpj/v1'),
    nfseApiUrl: baseUrl(env.NFSE_API_URL, NFSE_HOMOLOGATION_URL),
    nfseProductionApiUrl: baseUrl(env.NFSE_PRODUCTION_API_URL, NFSE_PRODUCTION_URL),
    nfseParametersUrl: baseUrl(env.NFSE_PARAMETERS_URL, NFSE_PARAMETERS_URL),
    secretsKey: secretsKeyFrom(env),
    secretsKeyRequired: env.NODE_ENV === 'production',
    nfseJobIntervalMs: Number(env.NFSE_JOB_INTERVAL_MS ?? 5000),
    geocoderUrl: env.GEOCODER_URL?.trim() ? baseUrl(env.GEOCODER_URL, '') : undefined,
    routingUrl: env.ROUTING_URL?.trim() ? baseUrl(env.ROUTING_URL, '') : undefined,
    mapTilesUrl: mapTilesUrlOf(env.MAP_TILES_URL),
    fieldJobIntervalMs: Number(env.FIELD_JOB_INTERVAL_MS ?? 60_000),
    whatsappApiUrl: baseUrl(env.WHATSAPP_API_URL, WHATSAPP_GRAPH_URL),
    whatsappJobIntervalMs: Number(env.WHATSAPP_JOB_INTERVAL_MS ?? 2000),
    pixJobIntervalMs: Number(env.PIX_JOB_INTERVAL_MS ?? 5000),
    pixReconcileIntervalMs: Number(env.PIX_RECONCILE_INTERVAL_MS ?? 600_000),
    vapidPublicKey: env.VAPID_PUBLIC_KEY?.trim() || undefined,
    vapidPrivateKey: env.VAPID_PRIVATE_KEY?.trim() || undefined,
    vapidSubject: env.VAPID_SUBJECT?.trim() || undefined,
    pushAllowedHosts: (env.PUSH_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    pushAllowLocalhost: env.PUSH_ALLOW_LOCALHOST === '1' || env.PUSH_ALLOW_LOCALHOST === 'true',
  };
}
