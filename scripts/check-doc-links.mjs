// Every relative link of the repo's Markdown resolves: the file or folder exists and, for `page.md#part`
// or `#part`, the page has a heading with that anchor (as GitHub makes them). Files move (features,
// modules, docs pages); a link left behind is found here rather than by a reader. Links to the web
// (http:, https:, mailto:) are not fetched.
//
//   node scripts/check-doc-links.mjs          (run by `npm run check`)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve('.');
const skipped = new Set(['node_modules', '.git', 'dist', 'data', 'tmp', 'test-results', 'playwright-report', 'out']);
const pages = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    if (skipped.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (name.endsWith('.md')) pages.push(path);
  }
};
walk(root);

// Text outside fenced blocks and inline code, where a link is a link.
const prose = (text) =>
  text
    .replace(/^(```|~~~)[\s\S]*?^\1/gm, '')
    .replace(/^ {4}.*$/gm, '')
    .replace(/`[^`\n]*`/g, '');

// GitHub's anchors: lower case, punctuation dropped (letters, digits, '-', '_' and spaces kept),
// spaces as '-', a repeated heading gets -1, -2…
const anchorsCache = new Map();
const anchorsOf = (file) => {
  if (!anchorsCache.has(file)) {
    const seen = new Map();
    const anchors = new Set();
    for (const m of prose(readFileSync(file, 'utf8')).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
      const text = m[1].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
      const base = text
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
        .replace(/ /g, '-');
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      anchors.add(n ? `${base}-${n}` : base);
    }
    anchorsCache.set(file, anchors);
  }
  return anchorsCache.get(file);
};

const problems = [];
for (const page of pages) {
  for (const m of prose(readFileSync(page, 'utf8')).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const link = m[1];
    if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue;
    const [path, anchor] = link.split('#');
    const target = path ? resolve(dirname(page), decodeURI(path)) : page;
    const where = `${relative(root, page)}: ${link}`;
    if (!existsSync(target)) problems.push(`${where} (no such file)`);
    else if (anchor !== undefined && target.endsWith('.md') && !anchorsOf(target).has(anchor))
      problems.push(`${where} (no heading #${anchor} in ${relative(root, target)})`);
  }
}
if (problems.length) {
  console.error(`Links that lead nowhere in the Markdown:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`${pages.length} Markdown files, every relative link resolves.`);
