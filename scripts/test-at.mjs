// Runs the tests as if the clock showed another instant: `node scripts/test-at.mjs <instant> [command…]`,
// e.g. `node scripts/test-at.mjs 2027-01-01T02:30:00Z` (23:30 on 31 December in São Paulo, already the
// next year in UTC) or `2026-12-01T02:57:00Z` (three minutes before midnight at the end of a month in São
// Paulo, so a run crosses it). The command defaults to the vitest projects; give another, such as
// `CI=1 npx playwright test -c e2e/playwright.config.ts`, after the instant.
//
// How: Debian's libfaketime (`apt-get install faketime`) with an offset from now rather than a fixed
// start, so the test process, the server processes it starts, PostgreSQL and Chromium all read the same
// moving clock. Under it every clock read is slower: a PGlite backup takes about a minute instead of
// seconds, so the scheduled-backup test may run out of time; that one says nothing about the date.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// `--movable` (before the instant) lets the run move its clock forward: the offset is kept in a file named
// by TEST_CLOCK_FILE, which every process re-reads each second (libfaketime's FAKETIME_TIMESTAMP_FILE);
// only the wall clock moves, so timers and time-outs are not cut short. An E2E spec moves it with
// `moveClock` (e2e/fixtures/clock.ts), e.g. to the day a contract's next period falls due.
const movable = process.argv[2] === '--movable';
const [instant, ...command] = process.argv.slice(movable ? 3 : 2);
const at = Date.parse(instant ?? '');
if (!instant || Number.isNaN(at)) {
  console.error('uso: node scripts/test-at.mjs <instante ISO, ex. 2027-01-01T02:30:00Z> [comando…]');
  process.exit(2);
}
if (spawnSync('faketime', ['--help'], { stdio: 'ignore' }).error) {
  console.error('faketime não encontrado: apt-get install -y faketime');
  process.exit(2);
}
const offset = Math.round((at - Date.now()) / 1000);
const run = command.length
  ? ['sh', '-c', command.join(' ')]
  : [
      'npx',
      'vitest',
      'run',
      '--project',
      'unit',
      '--project',
      'web',
      '--project',
      'api-pglite',
      '--project',
      'api-postgres',
    ];
console.log(`relógio em ${new Date(at).toISOString()} (${offset >= 0 ? '+' : ''}${offset} s): ${run.join(' ')}`);
const spec = `${offset >= 0 ? '+' : ''}${offset}s`;
const result = movable ? runMovable(spec, run) : spawnSync('faketime', ['-f', spec, ...run], { stdio: 'inherit' });
process.exit(result.status ?? 1);

function runMovable(clock, argv) {
  const lib = [
    '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1',
    '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1',
  ].find((p) => existsSync(p));
  if (!lib) {
    console.error('libfaketime não encontrada: apt-get install -y faketime');
    process.exit(2);
  }
  const file = join(mkdtempSync(join(tmpdir(), 'relogio-')), 'offset');
  writeFileSync(file, clock);
  const env = {
    ...process.env,
    LD_PRELOAD: lib,
    FAKETIME_TIMESTAMP_FILE: file,
    FAKETIME_CACHE_DURATION: '1',
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
    TEST_CLOCK_FILE: file,
  };
  return spawnSync(argv[0], argv.slice(1), { stdio: 'inherit', env });
}
