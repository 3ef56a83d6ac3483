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

const [instant, ...command] = process.argv.slice(2);
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
const result = spawnSync('faketime', ['-f', `${offset >= 0 ? '+' : ''}${offset}s`, ...run], { stdio: 'inherit' });
process.exit(result.status ?? 1);
