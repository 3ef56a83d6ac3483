// Lint rules the linter lacks (STYLE.md habit 11):
// - a web feature does not import another feature;
// - a feature, a shared component or lib does not import from app/ (the router, layout and guards
//   use them, not the other way round).
// Shared code lives in apps/web/src/components or lib.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';

const web = resolve('apps/web/src');
const root = join(web, 'features');
const app = join(web, 'app');
const walk = (d, files = []) => {
  for (const f of readdirSync(d)) {
    const p = join(d, f);
    if (statSync(p).isDirectory()) walk(p, files);
    else if (/\.(ts|tsx)$/.test(f)) files.push(p);
  }
  return files;
};
const featureOf = (p) => p.slice(root.length + 1).split(sep)[0];
const shown = (p) => p.replace(process.cwd() + sep, '');
const bad = [];
for (const dir of ['features', 'components', 'lib']) {
  for (const file of walk(join(web, dir))) {
    const src = readFileSync(file, 'utf8');
    for (const m of src.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)) {
      const target = resolve(dirname(file), m[1]);
      if (target.startsWith(app + sep)) {
        bad.push(`${shown(file)}: imports ${m[1]} (app/); move what it needs to components/ or lib/`);
      } else if (
        file.startsWith(root + sep) &&
        target.startsWith(root + sep) &&
        featureOf(target) !== featureOf(file)
      ) {
        bad.push(`${shown(file)}: imports ${m[1]} (feature ${featureOf(target)})`);
      }
    }
  }
}
if (bad.length) {
  console.error(
    'Features must not import each other, nor anything import app/; move shared code to components/ or lib/:\n' +
      bad.join('\n'),
  );
  process.exit(1);
}
