import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createSecondInstance, perFile } from '../../test/helpers.ts';

// A process keeps the users it has checked; the database announces every change to them (a trigger on
// users and on organizations' features), and each process forgets what it kept of that user at once.
const t = perFile({});
const orgUrl = () => `/api/organizations/${t.org.organization.id}`;
const ask = (app = t.ctx.app, token = t.org.worker.token) =>
  app.inject({ url: orgUrl(), headers: t.org.as(token) }).then((res) => res.statusCode);

/** A change written without the database's announcement (triggers off for this one statement). */
async function unannounced(statement: ReturnType<typeof sql>) {
  await t.ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(statement);
  });
}

describe('the users a process has checked', () => {
  it('are kept: a change nobody announced is not read again, an announced one counts at the next request', async () => {
    const id = t.org.worker.id;
    expect(await ask()).toBe(200);
    await unannounced(sql`UPDATE users SET is_active = false WHERE id = ${id}`);
    // Kept: the check was not read again (a real change always comes with its announcement).
    expect(await ask()).toBe(200);
    await t.ctx.database.db.execute(sql`UPDATE users SET is_active = false WHERE id = ${id}`);
    expect(await ask()).toBe(401);
    await t.ctx.database.db.execute(sql`UPDATE users SET is_active = true WHERE id = ${id}`);
    expect(await ask()).toBe(200);
  });

  it("an organization's features changing is announced for all its users", async () => {
    const probe = () =>
      t.ctx.app
        .inject({ url: `${orgUrl()}/notifications`, headers: t.org.as(t.org.worker.token) })
        .then((res) => res.statusCode);
    expect(await probe()).toBe(200);
    await t.ctx.database.db.execute(
      sql`UPDATE organizations SET features = features || '{"notifications": false}'::jsonb WHERE id = ${t.org.organization.id}`,
    );
    expect(await probe()).toBe(403);
    await t.ctx.database.db.execute(
      sql`UPDATE organizations SET features = features || '{"notifications": true}'::jsonb WHERE id = ${t.org.organization.id}`,
    );
    expect(await probe()).toBe(200);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('the users checked, with several instances', () => {
  it('another instance hears a change made through this one', async () => {
    const other = await createSecondInstance(t.ctx);
    try {
      const id = t.org.worker.id;
      expect(await ask(other.app)).toBe(200);
      await t.ctx.database.db.execute(sql`UPDATE users SET is_active = false WHERE id = ${id}`);
      await expect.poll(() => ask(other.app)).toBe(401);
      await t.ctx.database.db.execute(sql`UPDATE users SET is_active = true WHERE id = ${id}`);
      await expect.poll(() => ask(other.app)).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('when no connection listens any more, nothing kept is used', async () => {
    const id = t.org.worker.id;
    expect(await ask()).toBe(200);
    // The server ends every connection of this app's pool (a restart, a failover).
    const admin = new pg.Client({ connectionString: t.ctx.databaseUrl });
    await admin.connect();
    try {
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      await expect.poll(() => t.ctx.database.announcements.listening).toBe(false);
      // Changed while nobody listened: not announced to this process, and still seen.
      await admin.query('SET session_replication_role = replica');
      await admin.query('UPDATE users SET is_active = false WHERE id = $1', [id]);
      // The pool opens a connection again, which listens from its start...
      await t.ctx.database.db.execute(sql`SELECT 1`);
      expect(t.ctx.database.announcements.listening).toBe(true);
      // ...but what was kept before the gap is gone.
      expect(await ask()).toBe(401);
      await admin.query('SET session_replication_role = origin');
      await admin.query('UPDATE users SET is_active = true WHERE id = $1', [id]);
    } finally {
      await admin.end();
    }
    await expect.poll(() => ask()).toBe(200);
  });
});
