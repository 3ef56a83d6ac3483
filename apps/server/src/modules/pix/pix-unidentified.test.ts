import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { InvoiceState } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { pixView } from '@ordem-certa/test-support/pix-psp-stand-in/state';
import { addCompany, perFile } from '../../../test/helpers.ts';
import { invoiceWorld } from '../../../test/invoice-fixtures.ts';
import { connectedStandIn, until } from '../../../test/pix-fixtures.ts';

// 'Pix não identificados': a Pix paid to the company's key with no charge of ours is kept (once the PSP
// vouches for it), listed for the admins, and attached by one of them to an order or one of its
// instalments, becoming its payment once.
const t = perFile({ app: { config: { appUrl: 'https://oficina.example.com.br' } }, other: true, world: invoiceWorld });
const chave = 'caixa@naoidentificado.com.br';
const stand = connectedStandIn(t, chave);

const base = (orgId = t.org.organization.id) => `/api/organizations/${orgId}/pix/unidentified`;
const list = (q = '', headers = t.org.as(t.org.admin.token)) => t.ctx.app.inject({ url: `${base()}${q}`, headers });
const attach = (id: number, payload: object, headers = t.org.as(t.org.admin.token), orgId?: number) =>
  t.ctx.app.inject({ method: 'POST', url: `${base(orgId)}/${id}/attach`, headers, payload });

/** A Pix paid straight to the key (no txid), told by the webhook; answers its row once it is kept. */
async function received(valor: string, infoPagador: string) {
  const pix = stand.psp.state.receive({ valor, chave, infoPagador });
  const hook = await t.ctx.app.inject({
    method: 'POST',
    url: `/api/pix/webhook/${stand.token}/pix`,
    payload: { pix: [pixView(pix)] },
  });
  expect(hook.statusCode).toBe(200);
  const found = await until(
    async () => (await list(`?q=${encodeURIComponent(infoPagador)}`)).json(),
    (l: { meta: { total: number }; data: unknown[] }) => l.meta.total === 1 && l.data.length === 1,
  );
  return { pix, row: found.data[0] as { id: number; amount: number; endToEndId: string } };
}

async function orderOf(quantity: number) {
  const { id } = await t.world.createInvoice();
  expect((await t.world.admin('POST', `/${id}/services`, { service: t.world.service.id, quantity })).statusCode).toBe(
    201,
  );
  await t.world.moveTo(id, InvoiceState.Wip);
  return id;
}

describe('Pix não identificados', () => {
  it('a Pix to the key with no charge is listed (searchable, paginated), only for admins of its organization', async () => {
    const { pix, row } = await received('180.00', 'Pagamento da OS do Sr. Almeida');
    expect(row).toMatchObject({ amount: 180, endToEndId: pix.endToEndId, company: { id: t.world.company.id } });
    const page = (await list('?take=1')).json();
    expect(page.meta).toMatchObject({ skip: 0, take: 1 });
    expect(page.meta.total).toBeGreaterThanOrEqual(1);
    expect((await list('?q=ninguem-pagou-isso')).json().meta.total).toBe(0);
    expect((await list('', t.org.as(t.org.worker.token))).statusCode).toBe(403);
    const theirs = await t.ctx.app.inject({
      url: base(t.other.organization.id),
      headers: t.other.as(t.other.admin.token),
    });
    expect(theirs.json().meta.total).toBe(0);
  });

  it('attached to an order it becomes one Pix payment of it; refused on the wrong order, twice, or from another organization', async () => {
    const { row } = await received('180.00', 'Pix da manutenção preventiva');
    const order = await orderOf(1);
    const elsewhere = await addCompany(t.ctx, t.org.organization.id, 'Outra Empresa');
    const { id: otherCompanyOrder } = (
      await t.world.admin('POST', '', {
        company: elsewhere.id,
        customer: t.world.customer.id,
        transactionNature: t.world.nature.id,
      })
    ).json() as { id: number };
    const wrong = await attach(row.id, { invoice: otherCompanyOrder });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.invoice).toEqual([expect.stringContaining('outra empresa')]);
    const small = await orderOf(1);
    const part = await t.world.admin('POST', `/${small}/payments`, {
      amount: 100,
      method: 'dinheiro',
      paidAt: new Date().toISOString().slice(0, 10),
    });
    expect(part.statusCode, part.body).toBeLessThan(300);
    const over = await attach(row.id, { invoice: small });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.invoice).toEqual([expect.stringContaining('maior que o saldo')]);
    expect(
      (await attach(row.id, { invoice: order }, t.other.as(t.other.admin.token), t.other.organization.id)).statusCode,
    ).toBe(404);
    expect((await attach(row.id, { invoice: order }, t.org.as(t.org.worker.token))).statusCode).toBe(403);

    const done = await attach(row.id, { invoice: order });
    expect(done.statusCode, done.body).toBe(200);
    const payments = await t.ctx.database.db
      .select()
      .from(schema.invoicePayments)
      .where(eq(schema.invoicePayments.invoiceId, order));
    expect(payments.map((p) => [p.amountCents, p.method, p.note])).toEqual([[18000, 'pix', `Pix ${row.endToEndId}`]]);
    expect((await t.world.admin('GET', `/${order}`)).json().isPaid).toBe(true);
    expect((await attach(row.id, { invoice: small })).statusCode).toBe(409);
    expect((await list(`?q=${encodeURIComponent('manutenção preventiva')}`)).json().meta.total).toBe(0);
  });

  it('attached to an open instalment of the same amount it receives that instalment', async () => {
    const order = await orderOf(1);
    const split = await t.world.admin('POST', `/${order}/installments`, {
      count: 2,
      firstDueDate: new Date(Date.now() + 86_400_000 * 30).toISOString().slice(0, 10),
      method: 'pix',
    });
    expect(split.statusCode, split.body).toBeLessThan(300);
    const instalments = await t.ctx.database.db
      .select()
      .from(schema.receivables)
      .where(eq(schema.receivables.invoiceId, order))
      .orderBy(schema.receivables.dueDate);
    const first = instalments[0]!;
    const { row } = await received((first.amountCents / 100).toFixed(2), 'Primeira parcela via Pix');
    const mismatch = await attach(row.id, { invoice: order, receivable: instalments[1]!.id + 100000 });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.receivable).toBeDefined();
    expect((await attach(row.id, { invoice: order, receivable: first.id })).statusCode).toBe(200);
    const [after] = await t.ctx.database.db
      .select()
      .from(schema.receivables)
      .where(eq(schema.receivables.id, first.id));
    expect(after!.paymentId).not.toBeNull();
  });
});
