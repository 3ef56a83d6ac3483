import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts';

// One server for the run, on a free port (several runs can share the machine) and a fresh embedded
// database seeded with the demo data. The port is chosen once in the runner's process and handed to
// its workers through the environment, so every worker talks to the same server.
process.env.E2E_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
]).toString();
const port = Number(process.env.E2E_PORT);
// The loopback SMTP server that receives the app's e-mail (fixtures/smtp-sink.ts), on its own free port.
process.env.E2E_SMTP_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
]).toString();
// The stand-in CEP and CNPJ services (fixtures/lookups.ts), on their own free port.
process.env.E2E_LOOKUP_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
]).toString();
const lookups = `http://127.0.0.1:${process.env.E2E_LOOKUP_PORT}`;
// The stand-in national NFS-e system (fixtures/sefin.ts), on its own free port.
process.env.E2E_SEFIN_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
]).toString();
// The stand-in PSP speaking the API Pix (fixtures/pix-psp.ts), on its own free port.
process.env.E2E_PIX_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
]).toString();
// The stand-in WhatsApp Cloud API (fixtures/whatsapp.ts), on its own free port.
process.env.E2E_WHATSAPP_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
]).toString();
// The stand-in geocoder, router and tile server (fixtures/geo.ts), on its own free port.
process.env.E2E_GEO_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
]).toString();
const geo = `http://127.0.0.1:${process.env.E2E_GEO_PORT}`;
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'oficina-e2e-'));
export const baseURL = `http://localhost:${port}`;

function withoutMovableClock() {
  return Object.fromEntries(
    Object.entries(process.env).filter(([k, v]) => v !== undefined && k !== 'LD_PRELOAD' && !k.startsWith('FAKETIME')),
  ) as Record<string, string>;
}

// The specs tagged @moved-clock move the wall clock of every process of the run (a contract's month
// passes): they run apart, with their own server, under `scripts/test-at.mjs --movable` (the step of
// scripts/test.mjs after the main run), and only there; the main run leaves them out. Each run writes its
// own report and artefacts.
const movedClock = !!process.env.TEST_CLOCK_FILE;
const report = movedClock ? 'e2e-clock' : 'e2e';

export default defineConfig({
  testDir: '.',
  globalSetup: [
    './fixtures/smtp-sink.ts',
    './fixtures/lookups.ts',
    './fixtures/sefin.ts',
    './fixtures/pix-psp.ts',
    './fixtures/whatsapp.ts',
    './fixtures/geo.ts',
  ],
  testMatch: '**/*.spec.ts',
  ...(movedClock ? { grep: /@moved-clock/ } : { grepInvert: /@moved-clock/ }),
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  // Long flows (an order from creation to payment) take ~15 s alone; under a load of 15-30 on 2 cores
  // some passed 30 s. Locators wait on their own; this only bounds a whole test.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: `../test-results/${report}.json` }]] : 'list',
  outputDir: `../test-results/${report}`,
  use: {
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      // Under a movable clock (scripts/test-at.mjs --movable) Chromium keeps the real one: its sandboxed
      // processes cannot re-read the clock's file, and hang on the preloaded library.
      ...(process.env.TEST_CLOCK_FILE ? { env: withoutMovableClock() } : {}),
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // Exactly what `npm run serve` runs (the built server bundle and its node flags); test:e2e builds first.
    command: JSON.parse(readFileSync(resolve(import.meta.dirname, '../package.json'), 'utf8')).scripts.serve,
    cwd: resolve(import.meta.dirname, '..'),
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // A fresh embedded database is created, migrated and seeded with the demo data first: ~15 s on an
    // idle 2-core machine, past 60 s at a load of 20.
    timeout: 180_000,
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      JWT_SECRET: 'e2e-secret',
      LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      CEP_API_URL: `${lookups}/viacep/ws`,
      CEP_FALLBACK_URL: `${lookups}/brasilapi/cep/v1`,
      CNPJ_API_URL: `${lookups}/brasilapi/cnpj/v1`,
      NFSE_API_URL: `http://127.0.0.1:${process.env.E2E_SEFIN_PORT}`,
      NFSE_PRODUCTION_API_URL: `http://127.0.0.1:${process.env.E2E_SEFIN_PORT}`,
      NFSE_PARAMETERS_URL: `http://127.0.0.1:${process.env.E2E_SEFIN_PORT}/parametrizacao`,
      NFSE_JOB_INTERVAL_MS: '1000',
      WHATSAPP_API_URL: `http://127.0.0.1:${process.env.E2E_WHATSAPP_PORT}/v27.0`,
      WHATSAPP_JOB_INTERVAL_MS: '500',
      PIX_JOB_INTERVAL_MS: '1000',
      CONTRACT_JOB_INTERVAL_MS: '1000',
      GEOCODER_URL: `${geo}/nominatim`,
      ROUTING_URL: `${geo}/osrm`,
      MAP_TILES_URL: `${geo}/tiles/{z}/{x}/{y}.png`,
      FIELD_JOB_INTERVAL_MS: '1000',
    },
  },
});
