import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '@ordem-certa/test-support/postgres-cluster';

// A setting the server cannot use stops the start with one clear line, before anything is opened.
describe.skipIf(process.env.TEST_DB === 'postgres')('start settings', () => {
  it(
    'PGLITE_SHARED_BUFFERS that PostgreSQL would not take: the server says so and exits 1',
    { timeout: 150_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'oficina-start-settings-'));
      try {
        const res = spawnSync('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
          env: {
            ...process.env,
            DATA_DIR: dataDir,
            PORT: String(await freePort()),
            HOST: '127.0.0.1',
            PGLITE_SHARED_BUFFERS: 'muito',
          },
          encoding: 'utf8',
          timeout: 140_000,
        });
        expect(res.stderr).toContain('PGLITE_SHARED_BUFFERS inválido / invalid PGLITE_SHARED_BUFFERS');
        expect(res.stderr).toContain('"muito": use um tamanho como 32MB, 64MB ou 1GB');
        expect(res.status).toBe(1);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
