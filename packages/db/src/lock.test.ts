import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { DataDirInUseError } from './lock.ts';

// The embedded database is one process's: a second opener (the CLI while the server runs) is refused
// with a message, instead of writing files the first one will overwrite.
const dir = mkdtempSync(join(tmpdir(), 'oficina-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('embedded data dir lock', () => {
  it('a second opener is refused while the first holds it, and gets in once it closed', async () => {
    const first = await openDatabase({ dataDir: join(dir, 'a') });
    // The lock names a live process other than this one, as a running server's would.
    writeFileSync(join(dir, 'a', 'oficina.lock'), String(process.ppid));
    await expect(openDatabase({ dataDir: join(dir, 'a') })).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(openDatabase({ dataDir: join(dir, 'a') })).rejects.toThrow(/em uso pelo processo/);
    await first.close();
    const second = await openDatabase({ dataDir: join(dir, 'a') });
    await second.close();
  }, 60_000);

  it('a lock left by a process that is gone is taken over', async () => {
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(dir, 'b'), { recursive: true });
    writeFileSync(join(dir, 'b', 'oficina.lock'), '2147483646');
    const db = await openDatabase({ dataDir: join(dir, 'b') });
    await db.close();
  }, 60_000);
});
