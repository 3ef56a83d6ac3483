import { spawn } from 'node:child_process';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { InvoiceState, messages, ROLE_ADMIN } from '@ordem-certa/contracts';
import { hashPassword, schema } from '@ordem-certa/db';
import { createSecondInstance, type TestOrg, perFile, addSecondAdmin } from '../../../test/helpers.ts';
import { invoiceWorld, type InvoiceWorld } from '../../../test/invoice-fixtures.ts';
import { queryRows } from '../../lib/sql.ts';
import { processDueReminders } from './reminder-job.ts';

// The bell's API, the notification of a signature, and the reminder job (exactly once, also with
// two server instances over one PostgreSQL, and nothing lost when a server dies holding a claim).
const t = perFile({ other: true, lite: true, world: invoiceWorld });
let secondAdmin: { id: number; token: string };
let drawn: string;

const url = (o: TestOrg, rest = '') => `/api/organizations/${o.organization.id}/notifications${rest}`;
const list = (o: TestOrg, token: string, qs = '') => t.ctx.app.inject({ url: url(o, qs), headers: o.as(token) });
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.ctx.database.db, query);

beforeAll(async () => {
  secondAdmin = await addSecondAdmin(t.ctx, t.org);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="400" height="200" fill="#fff"/><path d="M20 150 C 80 20, 160 20, 200 120" stroke="#000" stroke-width="3" fill="none"/></svg>`;
  drawn = `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
});

async function signOrder() {
  const { id, number } = await t.world.createInvoice();
  await t.world.admin('POST', `/${id}/services`, { service: t.world.service.id, quantity: 1 });
  await t.world.moveTo(id, InvoiceState.Wip);
  const signUrl: string = (await t.world.admin('GET', `/${id}`)).json().signUrl;
  const res = await t.ctx.app.inject({
    method: 'POST',
    url: `/api/public${signUrl}`,
    payload: { signature: drawn, signerName: 'Maria Cliente' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id, number };
}

/** n estimates with one reminder kind each, scheduled at `at`. Returns the estimate_reminders ids. */
async function scheduleReminders(o: TestOrg, w: InvoiceWorld, n: number, at: string) {
  const orgId = o.organization.id;
  const [kind] = await rows<{ id: number }>(
    sql`INSERT INTO reminders (organization_id, description, is_required, is_active) VALUES (${orgId}, 'Ligar para o cliente', false, true) RETURNING id`,
  );
  const [{ start }] = (await rows<{ start: number }>(
    sql`SELECT coalesce(max(number), 0) AS start FROM estimates WHERE organization_id = ${orgId}`,
  )) as [{ start: number }];
  const made = await rows<{ id: number }>(sql`
    WITH e AS (
      INSERT INTO estimates (organization_id, number, company_id, customer_id, transaction_nature_id)
      SELECT ${orgId}, ${Number(start)} + g, ${w.company.id}, ${w.customer.id}, ${w.nature.id} FROM generate_series(1, ${n}) g
      RETURNING id, number)
    INSERT INTO estimate_reminders (organization_id, estimate_id, reminder_id, reminder_at, description)
    SELECT ${orgId}, e.id, ${kind!.id}, ${at}::timestamptz, 'Ligar para o cliente sobre o orçamento ' || e.number FROM e
    RETURNING id`);
  return made.map((r) => r.id);
}

const notificationsFor = (ids: number[]) =>
  rows<{ user_id: number; source_key: string }>(sql`
    SELECT user_id, source_key FROM notifications
     WHERE source_key LIKE 'estimate-reminder:%'
       AND split_part(source_key, ':', 2)::int IN (${sql.join(
         ids.map((i) => sql`${i}`),
         sql`, `,
       )})`);

describe('access', () => {
  it('401 without a token', async () => {
    expect((await t.ctx.app.inject({ url: url(t.org) })).statusCode).toBe(401);
    expect((await t.ctx.app.inject({ method: 'POST', url: url(t.org, '/1/mark-as-read') })).statusCode).toBe(401);
  });
  it("another organization's notification id → 404; another admin's → 404", async () => {
    await signOrder();
    const mine = (await list(t.org, t.org.admin.token)).json().data[0];
    const asOther = await t.ctx.app.inject({
      method: 'POST',
      url: url(t.other, `/${mine.id}/mark-as-read`),
      headers: t.other.as(t.other.admin.token),
    });
    expect(asOther.statusCode).toBe(404);
    const asColleague = await t.ctx.app.inject({
      method: 'POST',
      url: url(t.org, `/${mine.id}/mark-as-read`),
      headers: t.org.as(secondAdmin.token),
    });
    expect(asColleague.statusCode).toBe(404);
  });
  it('a collaborator reads their own bell; 403 for an organization without the notifications feature', async () => {
    expect((await list(t.org, t.org.worker.token)).statusCode).toBe(200);
    const res = await list(t.lite, t.lite.admin.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().errors).toEqual([messages.featureDisabled]);
  });
});

describe('a customer signs', () => {
  it('each active admin gets one notification at once, linking to the order; collaborators none', async () => {
    const before = (await list(t.org, t.org.admin.token)).json().meta;
    const { id, number } = await signOrder();
    const after = (await list(t.org, t.org.admin.token)).json();
    expect(after.meta.total).toBe(before.total + 1);
    expect(after.meta.unread).toBe(before.unread + 1);
    expect(after.data[0]).toMatchObject({
      title: `OS ${number} assinada`,
      description: `Maria Cliente assinou a Ordem de Serviço ${number}.`,
      url: `/invoices/${id}/edit`,
      readAt: null,
    });
    const forColleague = (await list(t.org, secondAdmin.token)).json().data[0];
    expect(forColleague.url).toBe(`/invoices/${id}/edit`);
    const workerRows = await rows(sql`SELECT 1 FROM notifications WHERE user_id = ${t.org.worker.id}`);
    expect(workerRows).toHaveLength(0);
  });
  it('mark-as-read: once, irreversible, the badge count drops', async () => {
    const first = (await list(t.org, t.org.admin.token)).json();
    const target = first.data[0];
    const res = await t.ctx.app.inject({
      method: 'POST',
      url: url(t.org, `/${target.id}/mark-as-read`),
      headers: t.org.as(t.org.admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().readAt).not.toBeNull();
    const again = await t.ctx.app.inject({
      method: 'POST',
      url: url(t.org, `/${target.id}/mark-as-read`),
      headers: t.org.as(t.org.admin.token),
    });
    expect(again.json().readAt).toBe(res.json().readAt);
    expect((await list(t.org, t.org.admin.token)).json().meta.unread).toBe(first.meta.unread - 1);
  });
  it('the list is paginated with a real total', async () => {
    const page = (await list(t.org, t.org.admin.token, '?take=1&skip=1')).json();
    expect(page.data).toHaveLength(1);
    expect(page.meta).toMatchObject({ skip: 1, take: 1 });
    expect(page.meta.total).toBeGreaterThanOrEqual(2);
  });
});

describe('a technician completes an order', () => {
  const completions = (invoiceId: number) =>
    rows<{ user_id: number; title: string; url: string }>(sql`
      SELECT user_id, title, url FROM notifications
       WHERE source_key LIKE ${`invoice-completed:${invoiceId}:%`} ORDER BY user_id, id`);

  /** An order the organization's collaborator works on, started by the admin. */
  async function startedWithWorker(w: InvoiceWorld) {
    const { id, number } = await w.createInvoice();
    await w.assignWorker(id);
    await w.moveTo(id, InvoiceState.Wip);
    return { id, number };
  }

  it('each active admin gets one notification linking to the order; no collaborator, no inactive admin', async () => {
    const [inactive] = await t.ctx.database.db
      .insert(schema.users)
      .values({
        organizationId: t.org.organization.id,
        name: 'Admin Inativa',
        email: `admin-inativa-${Date.now()}@teste.com.br`,
        role: ROLE_ADMIN,
        passwordHash: await hashPassword('senha-forte-1'),
        isActive: false,
      })
      .returning();
    const { id, number } = await startedWithWorker(t.world);
    const unread = (await list(t.org, t.org.admin.token)).json().meta.unread;
    const res = await t.world.worker('POST', `/${id}/complete`);
    expect(res.statusCode, res.body).toBe(200);

    const written = await completions(id);
    expect(written.map((n) => n.user_id).sort()).toEqual([t.org.admin.id, secondAdmin.id].sort());
    expect(written.map((n) => n.user_id)).not.toContain(inactive!.id);
    expect(written.map((n) => n.user_id)).not.toContain(t.org.worker.id);
    const [worker] = await rows<{ name: string }>(sql`SELECT name FROM users WHERE id = ${t.org.worker.id}`);
    const [latest] = (await list(t.org, t.org.admin.token)).json().data;
    expect(latest).toMatchObject({
      title: `OS ${number} concluída`,
      description: `${worker!.name} concluiu a Ordem de Serviço ${number}.`,
      url: `/invoices/${id}/edit`,
      readAt: null,
    });
    expect((await list(t.org, t.org.admin.token)).json().meta.unread).toBe(unread + 1);
  });

  it('an admin who completes an order notifies nobody, themselves included', async () => {
    const { id } = await startedWithWorker(t.world);
    expect((await t.world.admin('POST', `/${id}/complete`)).statusCode).toBe(200);
    expect(await completions(id)).toHaveLength(0);
  });

  it('once per completion: reopened by an admin and completed again by the technician, the office hears again', async () => {
    const { id } = await startedWithWorker(t.world);
    expect((await t.world.worker('POST', `/${id}/complete`)).statusCode).toBe(200);
    expect(await completions(id)).toHaveLength(2);
    expect((await t.world.admin('POST', `/${id}/start`)).statusCode).toBe(200);
    expect(await completions(id)).toHaveLength(2);
    expect((await t.world.worker('POST', `/${id}/complete`)).statusCode).toBe(200);
    expect(await completions(id)).toHaveLength(4);
  });

  it('a completion that fails writes no notification', async () => {
    const { id } = await t.world.createInvoice();
    await t.world.assignWorker(id);
    // Not started: Todo/Draft → Completed is not an allowed change.
    expect((await t.world.worker('POST', `/${id}/complete`)).statusCode).toBe(409);
    expect(await completions(id)).toHaveLength(0);
  });

  it('an organization without the notifications feature gets none', async () => {
    const liteWorld = await invoiceWorld(t.ctx, t.lite);
    const { id } = await startedWithWorker(liteWorld);
    expect((await liteWorld.worker('POST', `/${id}/complete`)).statusCode).toBe(200);
    expect(await completions(id)).toHaveLength(0);
  });
});

describe('the reminder job', () => {
  it('turns due reminders into one notification per admin, leaves future ones, and notifies a moved reminder again', async () => {
    const due = await scheduleReminders(t.org, t.world, 3, new Date(Date.now() - 60_000).toISOString());
    const future = await scheduleReminders(t.org, t.world, 2, new Date(Date.now() + 3_600_000).toISOString());
    let handled = 0;
    for (let n = await processDueReminders(t.ctx.database.db); n > 0; n = await processDueReminders(t.ctx.database.db))
      handled += n;
    expect(handled).toBeGreaterThanOrEqual(3);
    expect(await notificationsFor(due)).toHaveLength(6);
    expect(await notificationsFor(future)).toHaveLength(0);
    expect(await processDueReminders(t.ctx.database.db)).toBe(0);
    const [latest] = (await list(t.org, secondAdmin.token)).json().data;
    expect(latest).toMatchObject({ title: expect.stringMatching(/^Lembrete do orçamento \d+$/) });
    expect(latest.url).toMatch(/^\/estimates\/\d+\/edit$/);

    // Moved to a new time: processed_at cleared, it comes due again and notifies again.
    await t.ctx.database.db.execute(
      sql`UPDATE estimate_reminders SET reminder_at = now() - interval '1 second', processed_at = NULL WHERE id = ${due[0]}`,
    );
    expect(await processDueReminders(t.ctx.database.db)).toBe(1);
    expect(await notificationsFor([due[0]!])).toHaveLength(4);
  });

  it('notifies nobody for an organization without notifications, and marks its reminders done', async () => {
    const liteWorld = await invoiceWorld(t.ctx, t.lite);
    const ids = await scheduleReminders(t.lite, liteWorld, 2, new Date(Date.now() - 1000).toISOString());
    while ((await processDueReminders(t.ctx.database.db)) > 0);
    expect(await notificationsFor(ids)).toHaveLength(0);
    const left = await rows(
      sql`SELECT 1 FROM estimate_reminders WHERE id IN (${ids[0]}, ${ids[1]}) AND processed_at IS NULL`,
    );
    expect(left).toHaveLength(0);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('two server instances over one PostgreSQL', () => {
  it('claims split the work: the batches both instances handle add up to each reminder exactly once', async () => {
    const ids = await scheduleReminders(t.org, t.world, 450, new Date(Date.now() - 1000).toISOString());
    const a = await createSecondInstance(t.ctx);
    const b = await createSecondInstance(t.ctx);
    try {
      const drain = async (db: typeof a.database.db) => {
        let total = 0;
        for (
          let n = await processDueReminders(db, { batch: 25 });
          n > 0;
          n = await processDueReminders(db, { batch: 25 })
        )
          total += n;
        return total;
      };
      const [fromA, fromB] = await Promise.all([drain(a.database.db), drain(b.database.db)]);
      expect(fromA + fromB).toBe(450);
      expect(fromA).toBeGreaterThan(0);
      expect(fromB).toBeGreaterThan(0);
      const made = await notificationsFor(ids);
      expect(made).toHaveLength(900);
      expect(new Set(made.map((m) => `${m.user_id} ${m.source_key}`)).size).toBe(900);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('the job running inside two app instances notifies each admin of each due reminder once', async () => {
    const a = await createSecondInstance(t.ctx, { jobs: { reminderIntervalMs: 20 } });
    const b = await createSecondInstance(t.ctx, { jobs: { reminderIntervalMs: 20 } });
    try {
      const ids = await scheduleReminders(t.org, t.world, 120, new Date(Date.now() - 1000).toISOString());
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline) {
        const [left] = await rows<{ n: string }>(
          sql`SELECT count(*) AS n FROM estimate_reminders WHERE processed_at IS NULL AND reminder_at <= now()`,
        );
        if (Number(left!.n) === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await notificationsFor(ids)).toHaveLength(240);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('a server killed between claiming and writing loses nothing: its rows go to the other instance', async () => {
    const ids = await scheduleReminders(t.org, t.world, 3, new Date(Date.now() - 1000).toISOString());
    const child = spawn('node', ['--import', 'tsx', 'apps/server/test/claim-and-hang.ts', t.ctx.databaseUrl!], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const claimed = await new Promise<number[]>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = out.match(/claimed ([\d,]+)\n/);
        if (m) resolve(m[1]!.split(',').map(Number));
      });
      child.on('exit', () => reject(new Error(`claimer exited: ${out}`)));
    });
    expect(claimed.sort()).toEqual([...ids].sort());
    const b = await createSecondInstance(t.ctx);
    try {
      // While the claim is held the other instance skips those rows instead of waiting or doubling.
      expect(await processDueReminders(b.database.db)).toBe(0);
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      // PostgreSQL rolls the dead server's transaction back once it notices the closed connection.
      let handled = 0;
      const deadline = Date.now() + 10_000;
      while (handled < 3 && Date.now() < deadline) {
        handled += await processDueReminders(b.database.db);
        if (handled < 3) await new Promise((r) => setTimeout(r, 100));
      }
      expect(handled).toBe(3);
      expect(await notificationsFor(ids)).toHaveLength(6);
    } finally {
      child.kill('SIGKILL');
      await b.close();
    }
  });
});
