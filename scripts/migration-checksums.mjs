// An applied migration is never edited: a database that already ran it would not run it again, so an
// edit would leave installations with different schemas. packages/db/migrations/checksums.json keeps
// the SHA-256 of every committed migration; this check fails when a file's content changed, when a
// file is gone, or when a new file has no entry yet.
//
//   node scripts/migration-checksums.mjs           verify (run by `npm run check` and a unit test)
//   node scripts/migration-checksums.mjs --add     record the new migrations (never rewrites an entry)
//
// A different migrations directory may be given as the last argument (tests).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const args = process.argv.slice(2);
const add = args.includes('--add');
const dir = resolve(args.find((a) => !a.startsWith('--')) ?? 'packages/db/migrations');
const file = join(dir, 'checksums.json');

const sha256 = (name) =>
  createHash('sha256')
    .update(readFileSync(join(dir, name)))
    .digest('hex');
const recorded = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
const present = readdirSync(dir)
  .filter((f) => f.endsWith('.sql'))
  .sort();

const problems = [];
for (const name of Object.keys(recorded)) {
  if (!present.includes(name)) problems.push(`${name}: migração registrada foi apagada (migration removed)`);
  else if (sha256(name) !== recorded[name])
    problems.push(
      `${name}: conteúdo mudou depois de registrado (an applied migration was edited; add a new migration instead)`,
    );
}
const fresh = present.filter((name) => !(name in recorded));
if (!add)
  for (const name of fresh)
    problems.push(`${name}: migração nova sem soma registrada (run: node scripts/migration-checksums.mjs --add)`);
if (problems.length) {
  console.error(`Migrações (${dir}):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
if (add && fresh.length) {
  for (const name of fresh) recorded[name] = sha256(name);
  const sorted = Object.fromEntries(
    Object.keys(recorded)
      .sort()
      .map((k) => [k, recorded[k]]),
  );
  writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`);
  for (const name of fresh) console.log(`registrada: ${name}`);
}
