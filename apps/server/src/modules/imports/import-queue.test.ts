import { describe, expect, it } from 'vitest';
import type { ImportQueue } from '@ordem-certa/contracts';
import { perFile, type TestOrg } from '../../../test/helpers.ts';
import { customerSheet, importForm, toCsv } from '@ordem-certa/test-support/import-fixtures';

// One import per organization at a time (and two per server): another waits for its turn, and
// GET import/queue says it is waiting, so the screen can tell its user.
const t = perFile({ other: true });
const file = Buffer.from(toCsv(customerSheet(20)));

const dryRun = (o: TestOrg) => {
  const form = importForm(file, 'planilha.csv', { dryRun: 'true' });
  return t.ctx.app.inject({
    method: 'POST',
    url: `/api/organizations/${o.organization.id}/import/customers`,
    headers: { ...form.headers, ...o.as(o.admin.token) },
    payload: form.payload,
  });
};
const queue = async (o: TestOrg) => {
  const res = await t.ctx.app.inject({
    url: `/api/organizations/${o.organization.id}/import/queue`,
    headers: o.as(o.admin.token),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as ImportQueue;
};
/** Asks until `test` holds (a request taking its place in the queue), at most ~20 s. */
async function until(test: () => Promise<boolean>) {
  for (let i = 0; i < 400; i++) {
    if (await test()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not reached');
}

describe('imports, one per organization at a time', () => {
  // Three task threads start from source here (each compiles the import's code): tens of seconds on a busy machine.
  it(
    'the second waits while the first runs (queue: waiting 1); another organization goes on meanwhile',
    { timeout: 120_000 },
    async () => {
      expect(await queue(t.org)).toEqual({ running: 0, waiting: 0 });
      // An import of the organization under way: its check session holds the organization's place.
      const first = await t.ctx.app.tasks.openImportCheck(t.org.organization.id, { kind: 'customers', file });
      let answered = false;
      const second = dryRun(t.org).then((res) => {
        answered = true;
        return res;
      });
      await until(async () => (await queue(t.org)).waiting === 1);
      expect(await queue(t.org)).toEqual({ running: 1, waiting: 1 });
      // The other organization has a place of its own (two per server).
      const theirs = await dryRun(t.other);
      expect(theirs.statusCode, theirs.body).toBe(200);
      expect(answered).toBe(false);

      first.close();
      const res = await second;
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().totalRows).toBe(20);
      expect(await queue(t.org)).toEqual({ running: 0, waiting: 0 });
    },
  );

  it('401 without a token; a collaborator gets 403', async () => {
    const url = `/api/organizations/${t.org.organization.id}/import/queue`;
    expect((await t.ctx.app.inject({ url })).statusCode).toBe(401);
    expect((await t.ctx.app.inject({ url, headers: t.org.as(t.org.worker.token) })).statusCode).toBe(403);
  });
});
