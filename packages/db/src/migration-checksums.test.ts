import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsDir } from './migrate.ts';

// Applied migrations are never edited: the committed checksums must match every migration file.
const script = 'scripts/migration-checksums.mjs';
const run = (...args: string[]) => spawnSync('node', [script, ...args], { encoding: 'utf8' });

let copy: string | undefined;
afterEach(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
  copy = undefined;
});
const copyOfMigrations = () => {
  copy = mkdtempSync(join(tmpdir(), 'oficina-migrations-'));
  cpSync(migrationsDir, copy, { recursive: true });
  return copy;
};

describe('migration checksums', { timeout: 60_000 }, () => {
  it('every committed migration has its checksum and matches it', () => {
    const res = run(migrationsDir);
    expect(res.stderr).toBe('');
    expect(res.status).toBe(0);
  });

  it('an edited migration, a removed one or a new one without its checksum fails the check', () => {
    const dir = copyOfMigrations();
    writeFileSync(
      join(dir, '20261122T0230_init.sql'),
      `${readFileSync(join(dir, '20261122T0230_init.sql'), 'utf8')}\n-- edit`,
    );
    let res = run(dir);
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('20261122T0230_init.sql: conteúdo mudou');

    cpSync(migrationsDir, dir, { recursive: true });
    unlinkSync(join(dir, '20261122T0300_companies_customers.sql'));
    res = run(dir);
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('20261122T0300_companies_customers.sql: migração registrada foi apagada');

    cpSync(migrationsDir, dir, { recursive: true });
    writeFileSync(join(dir, '29991231T2359_new.sql'), 'SELECT 1;');
    res = run(dir);
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('29991231T2359_new.sql: migração nova sem soma registrada');
    // --add records it without touching the others, then the check passes.
    const before = JSON.parse(readFileSync(join(dir, 'checksums.json'), 'utf8')) as Record<string, string>;
    execFileSync('node', [script, '--add', dir]);
    const after = JSON.parse(readFileSync(join(dir, 'checksums.json'), 'utf8')) as Record<string, string>;
    expect(after).toMatchObject(before);
    expect(Object.keys(after)).toHaveLength(Object.keys(before).length + 1);
    expect(run(dir).status).toBe(0);
  });

  it('--add does not accept an edited migration', () => {
    const dir = copyOfMigrations();
    writeFileSync(join(dir, '20261122T0230_init.sql'), '-- rewritten');
    const res = run('--add', dir);
    expect(res.status).toBe(1);
    expect(JSON.parse(readFileSync(join(dir, 'checksums.json'), 'utf8'))).toEqual(
      JSON.parse(readFileSync(join(migrationsDir, 'checksums.json'), 'utf8')),
    );
  });
});
