// Lint rule the linter lacks: a web feature does not import another feature (STYLE.md habit 11).
// Shared code lives in apps/web/src/components or lib.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';

const root = resolve('apps/web/src/features');
const files = [];
const walk = (d) => {
  for (const f of readdirSync(d)) {
    const p = join(d, f);
    if (statSync(p).isDirectory()) walk(p);
    else if (/\.(ts|tsx)$/.test(f)) files.push(p);
  }
};
walk(root);
const featureOf = (p) => p.slice(root.length + 1).split(sep)[0];
const bad = [];
for (const file of files) {
  const src = readFileSync(file, 'utf8');
  for (const m of src.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)) {
    const target = resolve(dirname(file), m[1]);
    if (target.startsWith(root + sep) && featureOf(target) !== featureOf(file)) {
      bad.push(`${file.replace(process.cwd() + sep, '')}: imports ${m[1]} (feature ${featureOf(target)})`);
    }
  }
}
if (bad.length) {
  console.error('Features must not import each other; move shared code to components/ or lib/:\n' + bad.join('\n'));
  process.exit(1);
}
