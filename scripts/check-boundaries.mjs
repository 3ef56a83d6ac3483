// Import directions the linter cannot state, checked over every relative import (tests included).
//
// The server (apps/server/src), in zones:
//   modules/<feature>/  one feature: imports itself, core/, lib/ and plugins/ (for their types), never
//                       another feature;
//   core/               the domain every feature shares: imports core/ and lib/, never a feature nor plugins/;
//   plugins/            the app's concerns as Fastify plugins: import core/, lib/ and config.ts, never a feature;
//   lib/                infrastructure with no domain words: imports lib/ only;
//   the top             app.ts, main.ts, server.ts, cli.ts, openapi.ts, config.ts and modules/index.ts compose
//                       the rest and may import any of it; nothing below imports them (but plugins, config.ts).
// The web (apps/web/src):
//   features/<feature>/ imports itself, components/ and lib/, never another feature nor app/;
//   components/, lib/   shared widgets and helpers: import neither a feature nor app/ (the router, layout and
//                       guards use them, not the other way round).
//
// A test may reach up the layers to drive what it tests (a lib/ test through app.ts, a shared widget's
// test with a feature's screen), never sideways into another feature, nor into app/ from below.
//
// `node scripts/check-boundaries.mjs [root]` prints what breaks them and fails; checkBoundaries(root)
// returns the same lines, for its tests.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const walk = (dir, files = []) => {
  if (!existsSync(dir)) return files;
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, files);
    else if (/\.(ts|tsx|mjs)$/.test(name)) files.push(path);
  }
  return files;
};

/** Every relative import of a file: `from '…'`, `import('…')`, `import '…'`. */
const importsOf = (file) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)].map((m) => m[1]);

const isTest = (file) => /\.test\.(ts|tsx|mjs)$/.test(file);

const TOP = new Set(['app.ts', 'main.ts', 'server.ts', 'cli.ts', 'openapi.ts', 'modules/index.ts']);

/** A server file's zone: 'lib', 'core', 'plugins', 'config', 'top', 'module:<feature>', or undefined outside src. */
function serverZone(src, path) {
  const rel = relative(src, path).split(sep).join('/');
  if (rel.startsWith('..')) return undefined;
  if (TOP.has(rel)) return 'top';
  if (rel === 'config.ts') return 'config';
  const [first, second] = rel.split('/');
  if (first === 'modules' && second) return `module:${second}`;
  if (first === 'lib' || first === 'core' || first === 'plugins') return first;
  return 'top';
}

/** What each zone may import, and why the rest is refused. */
const SERVER_RULES = {
  lib: { allowed: ['lib'], why: 'lib/ holds infrastructure and imports only lib/' },
  core: { allowed: ['core', 'lib'], why: 'core/ imports only core/ and lib/' },
  plugins: { allowed: ['plugins', 'core', 'lib', 'config'], why: 'plugins/ never import a feature' },
  config: { allowed: ['config', 'lib'], why: 'config.ts reads the settings with lib/ only' },
};

/** Why a file of zone `from` may not import one of zone `to`, or undefined when it may. */
function serverRefusal(from, to) {
  if (to === from) return undefined;
  if (from.startsWith('module:')) {
    if (to.startsWith('module:'))
      return `feature ${to.slice(7)}: a feature never imports another; move what both need to core/`;
    if (to === 'top' || to === 'config') return 'a feature imports only itself, core/, lib/ and plugins/';
    return undefined;
  }
  const rule = SERVER_RULES[from];
  return rule.allowed.includes(to) ? undefined : `${to.replace(/^module:/, 'feature ')}: ${rule.why}`;
}

function serverViolations(root) {
  const src = join(root, 'apps/server/src');
  const bad = [];
  for (const file of walk(src)) {
    const from = serverZone(src, file);
    if (from === 'top') continue;
    for (const spec of importsOf(file)) {
      const to = serverZone(src, resolve(dirname(file), spec));
      if (to === undefined) continue;
      const sideways = from.startsWith('module:') && to.startsWith('module:');
      if (isTest(file) && !sideways) continue;
      const why = serverRefusal(from, to);
      if (why) bad.push(`${relative(root, file).split(sep).join('/')}: imports ${spec} (${why})`);
    }
  }
  return bad;
}

/** Why a file under `dir` (features, components or lib) may not import `target`, or undefined when it may. */
function webRefusal(web, dir, file, target) {
  const features = join(web, 'features');
  const featureOf = (path) => relative(features, path).split(sep)[0];
  const inside = (folder, path) => path.startsWith(folder + sep);
  if (inside(join(web, 'app'), target)) return 'app/: move what it needs to components/ or lib/';
  if (!inside(features, target)) return undefined;
  if (dir !== 'features')
    return isTest(file) ? undefined : `feature ${featureOf(target)}: ${dir}/ never imports a feature`;
  if (featureOf(target) !== featureOf(file)) return `feature ${featureOf(target)}: features never import each other`;
  return undefined;
}

function webViolations(root) {
  const web = join(root, 'apps/web/src');
  const bad = [];
  for (const dir of ['features', 'components', 'lib']) {
    for (const file of walk(join(web, dir))) {
      for (const spec of importsOf(file)) {
        const why = webRefusal(web, dir, file, resolve(dirname(file), spec));
        if (why) bad.push(`${relative(root, file).split(sep).join('/')}: imports ${spec} (${why})`);
      }
    }
  }
  return bad;
}

/** Every import of the tree at `root` that runs against the zones above, one line each. */
export function checkBoundaries(root = process.cwd()) {
  return [...serverViolations(resolve(root)), ...webViolations(resolve(root))];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const bad = checkBoundaries(process.argv[2] ?? process.cwd());
  if (bad.length) {
    console.error(
      `Imports that break the layers (scripts/check-boundaries.mjs says which go where):\n${bad.join('\n')}`,
    );
    process.exit(1);
  }
}
