import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { PersonType } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { perFile } from '../../test/helpers.ts';
import { allKeys, invoiceWorld, priceKeys } from '../../test/invoice-fixtures.ts';
import { newCpf } from '../../test/factories.ts';

// Whole answers of the order list, an order and the customers are kept and sent again, but only while
// nothing they read has changed: every change, made through the API, straight in the database (as a job
// or another server would) or by another user, is seen by the next read.
const t = perFile({ world: invoiceWorld });
const db = () => t.ctx.database.db;
const orgId = () => t.org.organization.id;

type ListRow = { id: number; customerName: string; statusLabel: string; invoiceTags: Array<{ name: string }> };
const list = async (as: 'admin' | 'worker' = 'admin') => {
  const res = await t.world[as]('GET', '/filter');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return (res.json() as { data: ListRow[]; meta: { total: number } }).data;
};
const rowOf = async (id: number, as: 'admin' | 'worker' = 'admin') => (await list(as)).find((r) => r.id === id);
const detail = async (id: number, as: 'admin' | 'worker' = 'admin') => t.world[as]('GET', `/${id}`);

/** A write the versions do not see: `table`'s update trigger off while `write` runs. */
async function unseen(table: string, write: () => Promise<unknown>) {
  await db().execute(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER ${table}_list_change_update`));
  try {
    await write();
  } finally {
    await db().execute(sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER ${table}_list_change_update`));
  }
}

const versions = async () =>
  Object.fromEntries(
    (
      await db()
        .select({ table: schema.listVersions.tableName, version: schema.listVersions.version })
        .from(schema.listVersions)
        .where(eq(schema.listVersions.organizationId, orgId()))
    ).map((r) => [r.table, r.version]),
  ) as Record<string, number | undefined>;

describe('the order list', () => {
  it('is kept: a change the versions do not see is not seen; one they see is, at once', async () => {
    const order = await t.world.createInvoice();
    const customer = t.world.customer;
    const before = (await rowOf(order.id))!.customerName;
    await unseen('customers', () =>
      db().update(schema.customers).set({ name: 'Nome Fantasma' }).where(eq(schema.customers.id, customer.id)),
    );
    expect((await rowOf(order.id))!.customerName).toBe(before);
    // The same change, seen: straight in the database, as a job would write it.
    await db().update(schema.customers).set({ name: 'Cliente Renomeado' }).where(eq(schema.customers.id, customer.id));
    expect((await rowOf(order.id))!.customerName).toBe('Cliente Renomeado');
  });

  it("shows a new order, a status's new label, a tag put on and a tag renamed at the next read", async () => {
    const first = await list();
    const order = await t.world.createInvoice();
    expect((await list()).length).toBeGreaterThan(0);
    expect((await list())[0]!.id).toBe(order.id);
    expect(first.some((r) => r.id === order.id)).toBe(false);

    const status = t.world.statusOf(0);
    await db().update(schema.invoiceStatuses).set({ label: 'Na fila' }).where(eq(schema.invoiceStatuses.id, status.id));
    expect((await rowOf(order.id))!.statusLabel).toBe('Na fila');

    const [tag] = await db()
      .insert(schema.tags)
      .values({ organizationId: orgId(), name: 'Urgente', color: 'eb5a46' })
      .returning();
    await db().insert(schema.invoiceTags).values({ organizationId: orgId(), invoiceId: order.id, tagId: tag!.id });
    expect((await rowOf(order.id))!.invoiceTags.map((x) => x.name)).toEqual(['Urgente']);
    await db().update(schema.tags).set({ name: 'Urgentíssimo' }).where(eq(schema.tags.id, tag!.id));
    expect((await rowOf(order.id))!.invoiceTags.map((x) => x.name)).toEqual(['Urgentíssimo']);
  });

  it('is kept per user: a collaborator never gets the list the admin was sent, and sees an order once put on it', async () => {
    const order = await t.world.createInvoice();
    expect((await list('admin')).some((r) => r.id === order.id)).toBe(true);
    expect((await list('worker')).some((r) => r.id === order.id)).toBe(false);
    const put = await t.world.assignWorker(order.id);
    expect((await list('worker')).some((r) => r.id === order.id)).toBe(true);
    const off = await t.world.admin('DELETE', `/${order.id}/workers/${put.id}`);
    expect(off.statusCode).toBe(204);
    expect((await list('worker')).some((r) => r.id === order.id)).toBe(false);
  });
});

describe("an order's detail", () => {
  it('is kept per user: prices for the admin, none for the collaborator, on the same URL', async () => {
    const order = await t.world.createInvoice();
    await t.world.assignWorker(order.id);
    await t.world.admin('POST', `/${order.id}/services`, { service: t.world.service.id, quantity: 1 });
    const asAdmin = await detail(order.id);
    expect(asAdmin.json().total).toBe(180);
    const asWorker = await detail(order.id, 'worker');
    expect(asWorker.statusCode).toBe(200);
    expect([...allKeys(asWorker.json())].filter((k) => priceKeys.includes(k))).toEqual([]);
    expect((await detail(order.id)).json().total).toBe(180);
  });

  it("shows a new line, a worker's new name and the order's own change at the next read", async () => {
    const order = await t.world.createInvoice();
    expect((await detail(order.id)).json().invoiceServices).toEqual([]);
    await t.world.admin('POST', `/${order.id}/services`, { service: t.world.service.id, quantity: 2 });
    expect((await detail(order.id)).json().invoiceServices).toHaveLength(1);
    expect((await detail(order.id)).json().total).toBe(360);

    const user = await t.world.newUser();
    await t.world.assignWorker(order.id, user.id);
    expect((await detail(order.id)).json().invoiceWorkers.map((w: { name: string }) => w.name)).toEqual([user.name]);
    await db().update(schema.users).set({ name: 'Técnico Renomeado' }).where(eq(schema.users.id, user.id));
    expect((await detail(order.id)).json().invoiceWorkers.map((w: { name: string }) => w.name)).toEqual([
      'Técnico Renomeado',
    ]);

    await db()
      .update(schema.invoices)
      .set({ reportedProblem: 'Pinga água' })
      .where(and(eq(schema.invoices.id, order.id), eq(schema.invoices.organizationId, orgId())));
    expect((await detail(order.id)).json().reportedProblem).toBe('Pinga água');
  });

  it('still writes its view in the audit trail when the answer is kept', async () => {
    const order = await t.world.createInvoice();
    await detail(order.id);
    await db()
      .delete(schema.auditLogs)
      .where(and(eq(schema.auditLogs.entity, 'invoice'), eq(schema.auditLogs.entityId, order.id)));
    const { forgetViewsWritten } = await import('../core/audit/audit.ts');
    forgetViewsWritten();
    await detail(order.id);
    expect((await t.world.auditOf(order.id)).map((a) => a.action)).toEqual(['view']);
  });

  it('is not found for whom it is not visible, however often another user read it', async () => {
    const order = await t.world.createInvoice();
    await detail(order.id);
    await detail(order.id);
    expect((await detail(order.id, 'worker')).statusCode).toBe(404);
  });
});

describe('customers', () => {
  const url = (rest = '') => `/api/organizations/${orgId()}/customers${rest}`;
  const get = (rest = '') => t.ctx.app.inject({ method: 'GET', url: url(rest), headers: t.org.as(t.org.admin.token) });

  it('the list shows a new customer, and a customer their change, at the next read', async () => {
    const name = `Zuleica ${Math.random().toString(36).slice(2, 7)}`;
    expect((await get(`?q=${encodeURIComponent(name)}`)).json().meta.total).toBe(0);
    const made = await t.ctx.app.inject({
      method: 'POST',
      url: url(),
      headers: t.org.as(t.org.admin.token),
      payload: { type: PersonType.Natural, name, identifier: newCpf(), email: null, phone: null },
    });
    expect(made.statusCode).toBe(201);
    const id = made.json().id as number;
    expect((await get(`?q=${encodeURIComponent(name)}`)).json().data.map((c: { id: number }) => c.id)).toEqual([id]);
    expect((await get(`/${id}`)).json().name).toBe(name);
    await db().update(schema.customers).set({ email: 'novo@exemplo.com.br' }).where(eq(schema.customers.id, id));
    expect((await get(`/${id}`)).json().email).toBe('novo@exemplo.com.br');
    await db().delete(schema.customers).where(eq(schema.customers.id, id));
    expect((await get(`/${id}`)).statusCode).toBe(404);
  });
});

describe('a customer search kept while others add customers', () => {
  const url = (rest = '') => `/api/organizations/${orgId()}/customers${rest}`;
  const search = async (q: string) =>
    (
      await t.ctx.app.inject({
        method: 'GET',
        url: url(`?q=${encodeURIComponent(q)}`),
        headers: t.org.as(t.org.admin.token),
      })
    ).json() as { data: Array<{ name: string; email: string | null }>; meta: { total: number } };
  const add = (names: string[]) =>
    db()
      .insert(schema.customers)
      .values(names.map((name) => ({ organizationId: orgId(), type: PersonType.Natural, identifier: newCpf(), name })))
      .returning();

  it('stands when the customers added do not match it, and is searched again when one does', async () => {
    const word = `Quiteria${Math.random().toString(36).slice(2, 6)}`;
    const [found] = await add([`${word} Souza`]);
    expect((await search(word)).data.map((c) => c.name)).toEqual([`${word} Souza`]);
    // A change the versions do not see shows which answer is sent: the kept one still has no e-mail.
    await unseen('customers', () =>
      db().update(schema.customers).set({ email: 'q@exemplo.com.br' }).where(eq(schema.customers.id, found!.id)),
    );
    await add(['Outra Pessoa', 'Mais Uma']);
    expect((await search(word)).data.map((c) => c.email)).toEqual([null]);
    await add([`${word} Lima`]);
    const again = await search(word);
    expect(again.meta.total).toBe(2);
    expect(again.data.map((c) => c.email)).toEqual([null, 'q@exemplo.com.br']);
  });

  it('is searched again when more than 50 customers came at once (not listed) or a customer changed', async () => {
    const word = `Belarmina${Math.random().toString(36).slice(2, 6)}`;
    const [found] = await add([`${word} Reis`]);
    expect((await search(word)).meta.total).toBe(1);
    await unseen('customers', () =>
      db().update(schema.customers).set({ email: 'b@exemplo.com.br' }).where(eq(schema.customers.id, found!.id)),
    );
    await add(Array.from({ length: 51 }, (_, i) => `Importado ${i}`));
    expect((await search(word)).data.map((c) => c.email)).toEqual(['b@exemplo.com.br']);
    await unseen('customers', () =>
      db().update(schema.customers).set({ email: 'c@exemplo.com.br' }).where(eq(schema.customers.id, found!.id)),
    );
    await db().update(schema.customers).set({ alias: 'Outra' }).where(eq(schema.customers.name, 'Importado 0'));
    expect((await search(word)).data.map((c) => c.email)).toEqual(['c@exemplo.com.br']);
  });

  it('lists the rows a transaction added under the version it raised', async () => {
    const made = await add(['Listada Um', 'Listada Dois']);
    const v = await versions();
    const rows = await db()
      .select()
      .from(schema.listInserts)
      .where(
        and(
          eq(schema.listInserts.organizationId, orgId()),
          eq(schema.listInserts.tableName, 'customers'),
          eq(schema.listInserts.version, v.customers!),
        ),
      );
    expect(rows.map((r) => [...r.ids].sort((a, b) => a - b))).toEqual([made.map((c) => c.id).sort((a, b) => a - b)]);
  });
});

describe('versions are raised when the transaction commits', () => {
  it("once per table however many statements; a new row raises the table's version only, a change also '~'", async () => {
    const before = await versions();
    await db().transaction(async (tx) => {
      await tx.insert(schema.customers).values({
        organizationId: orgId(),
        type: PersonType.Natural,
        identifier: newCpf(),
        name: 'Um',
      });
      await tx.insert(schema.customers).values({
        organizationId: orgId(),
        type: PersonType.Natural,
        identifier: newCpf(),
        name: 'Dois',
      });
    });
    const inserted = await versions();
    expect(inserted.customers).toBe((before.customers ?? 0) + 1);
    expect(inserted['customers~']).toBe(before['customers~']);
    await db()
      .update(schema.customers)
      .set({ alias: 'x' })
      .where(and(eq(schema.customers.organizationId, orgId()), eq(schema.customers.name, 'Um')));
    const updated = await versions();
    expect(updated.customers).toBe(inserted.customers! + 1);
    expect(updated['customers~']).toBe((inserted['customers~'] ?? 0) + 1);
  });

  it('a transaction or savepoint that rolls back raises nothing', async () => {
    const before = await versions();
    await expect(
      db().transaction(async (tx) => {
        await tx.update(schema.customers).set({ alias: 'y' }).where(eq(schema.customers.organizationId, orgId()));
        throw new Error('desfeita');
      }),
    ).rejects.toThrow('desfeita');
    await db().transaction(async (tx) => {
      await tx
        .transaction(async (sp) => {
          await sp.update(schema.customers).set({ alias: 'z' }).where(eq(schema.customers.organizationId, orgId()));
          throw new Error('ponto desfeito');
        })
        .catch(() => undefined);
    });
    expect(await versions()).toEqual(before);
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'two transactions writing two tables in opposite orders both commit (no version row is held before the commit)',
    async () => {
      const order = await t.world.createInvoice();
      const other = await t.world.createInvoice(t.world.otherCustomer.id);
      let firstDone = 0;
      let bothFirst: () => void;
      const barrier = new Promise<void>((r) => (bothFirst = r));
      const arrive = async () => {
        if (++firstDone === 2) bothFirst();
        await barrier;
      };
      const invoice = (id: number) => and(eq(schema.invoices.id, id), eq(schema.invoices.organizationId, orgId()));
      const customer = (id: number) => eq(schema.customers.id, id);
      await Promise.all([
        db().transaction(async (tx) => {
          await tx.update(schema.invoices).set({ reportedProblem: 'a' }).where(invoice(order.id));
          await arrive();
          await tx.update(schema.customers).set({ alias: 'a' }).where(customer(t.world.customer.id));
        }),
        db().transaction(async (tx) => {
          await tx.update(schema.customers).set({ alias: 'b' }).where(customer(t.world.otherCustomer.id));
          await arrive();
          await tx.update(schema.invoices).set({ reportedProblem: 'b' }).where(invoice(other.id));
        }),
      ]);
      expect((await detail(order.id)).json().reportedProblem).toBe('a');
      expect((await detail(other.id)).json().reportedProblem).toBe('b');
    },
  );
});
