import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { eq } from 'drizzle-orm';
import { migrate, openDatabase, schema, type Database } from '@ordem-certa/db';
import { buildApp } from './app.ts';
import { outageMessages } from './lib/errors.ts';
import { createOrg, type TestContext } from '../test/helpers.ts';
import { newCpf } from '../test/factories.ts';
import { canMount, mountTmpfs } from '@ordem-certa/test-support/tmpfs';

// The embedded database's disk fills up while the shop works: a write answers 507 with a pt-BR
// message and keeps nothing of itself, every write answered before is kept, reads go on, and once
// there is room the same request works, with no restart; a restart afterwards finds it all intact.

describe.skipIf(!canMount || process.env.TEST_DB === 'postgres')(
  'the embedded database on a disk that fills up',
  () => {
    let root = '';
    beforeAll(() => {
      root = mkdtempSync(join(tmpdir(), 'oficina-dbdisk-'));
      expect(mountTmpfs(root, 'size=160m')).toBe(true);
    });
    afterAll(() => {
      execFileSync('umount', [root]);
      rmSync(root, { recursive: true, force: true });
    });
    it(
      '507 with a pt-BR message, nothing half-kept, reads go on; room again: writes work without a restart; a restart finds every acknowledged write',
      {
        timeout: 180_000,
      },
      async () => {
        const dataDir = join(root, 'pgdata');
        let database: Database = await openDatabase({ dataDir });
        await migrate(database);
        const config = {
          jwtSecret: 'test-secret',
          tokenTtlSeconds: 3600,
          loginRateLimitPerMinute: 1000,
          dataDir: root,
        };
        const app = await buildApp({ database, serveWeb: false, config });
        await app.ready();
        // Closed before the restart below; on a failure before that, here (else the disk stays busy).
        let closed = false;
        onTestFinished(async () => {
          if (!closed) {
            await app.close();
            await database.close();
          }
        });
        const ctx = { app, database, close: async () => {} } as TestContext;
        const org = await createOrg(ctx);
        const customers = `/api/organizations/${org.organization.id}/customers`;
        const create = (i: number) =>
          app.inject({
            method: 'POST',
            url: customers,
            headers: org.as(org.admin.token),
            payload: { type: 2, identifier: newCpf(), name: `Cliente do disco cheio ${i} ${'x'.repeat(180)}` },
          });

        // Fill the disk to its last page.
        const filler = join(root, 'filler');
        try {
          for (;;) appendFileSync(filler, Buffer.alloc(64 * 1024));
        } catch (err) {
          expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC');
        }
        try {
          for (;;) appendFileSync(filler, Buffer.alloc(512));
        } catch {
          // the last bytes too
        }

        const acknowledged: number[] = [];
        let refused;
        for (let i = 0; i < 20_000 && !refused; i++) {
          const res = await create(i);
          if (res.statusCode === 201) acknowledged.push(res.json().id as number);
          else refused = res;
        }
        expect(refused?.statusCode, refused?.body).toBe(507);
        expect(refused!.json()).toEqual({ errors: [outageMessages.databaseFull] });
        // Reads still work on a full disk.
        const list = await app.inject({ method: 'GET', url: customers, headers: org.as(org.admin.token) });
        expect(list.statusCode).toBe(200);
        expect(list.json().meta.total).toBe(acknowledged.length);

        // Room again: the same request works, on the same running app.
        rmSync(filler);
        const after = await create(-1);
        expect(after.statusCode, after.body).toBe(201);
        acknowledged.push(after.json().id as number);
        await app.close();
        await database.close();
        closed = true;

        // A restart on the same data dir: every acknowledged write is there, nothing else.
        database = await openDatabase({ dataDir });
        try {
          const rows = await database.db
            .select({ id: schema.customers.id })
            .from(schema.customers)
            .where(eq(schema.customers.organizationId, org.organization.id));
          expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([...acknowledged].sort((a, b) => a - b));
        } finally {
          await database.close();
        }
      },
    );
  },
);
