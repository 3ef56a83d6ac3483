// Where a CPU profile (node --cpu-prof, e.g. from BENCH_CPU_PROF=dir npm run bench http) spends its
// time: self time by function and by package, the top lines.
// Run: node --import tsx bench/src/profile-summary.ts file.cpuprofile [lines]
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const [file, linesArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts file.cpuprofile [lines]');
const lines = Number(linesArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
};
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);

const where = (url: string) => {
  if (!url) return '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 13).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return 'node';
  return url.replace(/^.*\/(apps|packages)\//, '$1/');
};
const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
const fns = new Map<string, number>();
const pkgs = new Map<string, number>();
for (const [id, us] of self) {
  const n = byId.get(id)!;
  const f = n.callFrame;
  add(fns, `${f.functionName || '(anonymous)'} ${where(f.url)}:${f.lineNumber + 1}`, us);
  add(pkgs, where(f.url).split(':')[0]!, us);
}
const print = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, lines)) {
    console.log(`${((100 * v) / total).toFixed(1).padStart(5)}%  ${(v / 1000).toFixed(0).padStart(7)} ms  ${k}`);
  }
};
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
print('self time by package or file', pkgs);
print('self time by function', fns);

// Who calls the busiest non-native functions: the three frames above them, weighted by self time.
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const frame = (id: number) => {
  const f = byId.get(id)!.callFrame;
  return `${f.functionName || '(anonymous)'} ${where(f.url)}:${f.lineNumber + 1}`;
};
const busiest = [...fns]
  .filter(([k]) => !k.includes('(native)'))
  .sort((a, b) => b[1] - a[1])
  .slice(0, 3);
for (const [fn] of busiest) {
  const chains = new Map<string, number>();
  for (const [id, us] of self) {
    if (frame(id) !== fn) continue;
    const chain: string[] = [];
    for (let p = parent.get(id), k = 0; p !== undefined && k < 3; p = parent.get(p), k++) chain.push(frame(p));
    add(chains, chain.join(' < '), us);
  }
  print(`callers of ${fn}`, new Map([...chains].sort((a, b) => b[1] - a[1]).slice(0, 6)));
}

// Inclusive time: each function with everything it called (a frame counted once per sample), the view
// that shows which step of a request costs what (serialization, the query, the hooks).
const inclusive = new Map<string, number>();
for (const [id, us] of self) {
  const seen = new Set<string>();
  for (let p: number | undefined = id; p !== undefined; p = parent.get(p)) {
    const f = frame(p);
    if (!seen.has(f)) {
      seen.add(f);
      add(inclusive, f, us);
    }
  }
}
print(
  'inclusive time by function (with its callees)',
  new Map([...inclusive].filter(([k]) => !/^\((root|program|idle|garbage collector)\)/.test(k))),
);
