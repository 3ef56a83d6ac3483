// npm run bench [name...]: runs the benchmarks (all by default). Each is its own script.
import { spawnSync } from 'node:child_process';

const all = [
  'startup',
  'invoice-list',
  'invoice-pdf',
  'payroll-generate',
  'reports',
  'http',
  'web',
  'field',
  'instances',
  'login-under-load',
  'estimate-list',
  'scale',
  'pdf-stall',
  'import',
  'fairness',
  'day-route',
  'dashboard',
];
const names = process.argv.slice(2).length ? process.argv.slice(2) : all;
for (const name of names) {
  console.log(`\n## ${name}`);
  const r = spawnSync('node', ['--import', 'tsx', `bench/src/${name}.ts`], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
