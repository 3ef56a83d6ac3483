// The one test command (README): unit and widget tests, API tests on embedded PGlite and on a real
// PostgreSQL cluster started for the run, then E2E in Chromium. Prints one closing line
// "N passed, N failed" that counts them all.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const out = 'test-results';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

let failedSteps = 0;
const step = (name, fn) => {
  console.log(`\n=== ${name} ===`);
  const code = fn();
  if (code !== 0) {
    failedSteps++;
    console.log(`*** ${name}: falhou (código ${code})`);
  }
};

step('ferramentas (Chromium, PostgreSQL, poppler)', () => run('node', ['scripts/ensure-tools.mjs']));
step('vitest: unit, web, API em PGlite e em PostgreSQL', () =>
  run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}/vitest.json`]),
);
step('build do app web e do servidor', () => run('npm', ['run', 'build', '--silent']));
step('e2e: Playwright no Chromium', () =>
  run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], { CI: '1' }),
);
// The specs tagged @moved-clock (a contract's month passes) with their own server, under a clock every
// process of the run reads from one file and the spec moves forward (Debian's libfaketime).
step('e2e: relógio que avança (@moved-clock)', () =>
  run(
    'node',
    ['scripts/test-at.mjs', '--movable', new Date().toISOString(), 'npx playwright test -c e2e/playwright.config.ts'],
    { CI: '1' },
  ),
);

let passed = 0;
let failed = 0;
// The failures again at the very end, with what the page showed for an E2E one: a CI log is often
// read from its tail only.
const recap = [];
const firstLines = (text, n) => String(text).split('\n').slice(0, n).join('\n    ');
if (existsSync(`${out}/vitest.json`)) {
  const v = JSON.parse(readFileSync(`${out}/vitest.json`, 'utf8'));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  for (const file of v.testResults ?? []) {
    const failures = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failures)
      recap.push(`vitest ${file.name}\n  ${t.fullName}\n    ${firstLines(t.failureMessages?.[0] ?? '', 6)}`);
    if (failures.length === 0 && file.status === 'failed')
      recap.push(`vitest ${file.name}\n    ${firstLines(file.message ?? '', 6)}`);
  }
}
for (const report of ['e2e', 'e2e-clock']) {
  if (!existsSync(`${out}/${report}.json`)) continue;
  const e = JSON.parse(readFileSync(`${out}/${report}.json`, 'utf8'));
  passed += e.stats.expected;
  failed += e.stats.unexpected + (e.stats.flaky ?? 0);
  const dir = `${out}/${report}`;
  if (existsSync(dir)) {
    for (const d of readdirSync(dir)) {
      const context = join(dir, d, 'error-context.md');
      if (existsSync(context))
        recap.push(`${report} ${d}: what the page showed\n    ${firstLines(readFileSync(context, 'utf8'), 60)}`);
    }
  }
}
if (recap.length > 0) console.log(`\n=== falhas ===\n${recap.join('\n\n')}`);
if (failedSteps > 0 && failed === 0) failed = failedSteps;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || failedSteps > 0 ? 1 : 0);
