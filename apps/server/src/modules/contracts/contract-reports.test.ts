import { describe, expect, it } from 'vitest';
import { addDays } from '@ordem-certa/contracts';
import { perFile } from '../../../test/helpers.ts';
import { contractWorld } from '../../../test/contract-fixtures.ts';
import { billDueContracts } from './contract-billing.ts';

// The contracts' reports in the reports screen: recurring revenue by month, contracts by status,
// those ended, and their charges, with their CSV.
const t = perFile({ other: true, world: contractWorld });

const report = (name: string, body: object, kind: 'data' | 'csv' = 'data', org = t.org) =>
  t.ctx.app.inject({
    method: 'POST',
    url: `/api/organizations/${org.organization.id}/reports/${name}/${kind}`,
    headers: org.as(org.admin.token),
    payload: body,
  });

describe('contract reports', () => {
  it('recurring revenue by month, by status, cancellations and receivables, and a CSV', async () => {
    const start = addDays(t.world.today, -40);
    const day = Number(start.slice(8));
    const a = await t.world.createContract({ startDate: start, billingDay: day, amount: 300 });
    await t.world.createContract({ startDate: start, billingDay: day, amount: 900, periodicity: 'quarterly' });
    const ended = await t.world.createContract({ amount: 120, billingDay: 28, startDate: addDays(t.world.today, 5) });
    await t.world.contracts(
      'PUT',
      `/${ended.id}`,
      t.world.body({ amount: 120, billingDay: 28, startDate: addDays(t.world.today, 5), status: 'encerrado' }),
    );
    await t.world.createContract({ amount: 50, status: 'suspenso' });
    while ((await billDueContracts(t.ctx.database.db)).claimed);
    // One charge received.
    const [first] = await t.world.periodsOf(a.id);
    const list = await t.ctx.app.inject({
      method: 'GET',
      url: `/api/organizations/${t.org.organization.id}/receivables?from=${first!.date}&to=${first!.date}&take=100`,
      headers: t.org.as(t.org.admin.token),
    });
    const row = list.json().data.find((r: { invoiceId: number }) => r.invoiceId === first!.invoiceId);
    await t.ctx.app.inject({
      method: 'POST',
      url: `/api/organizations/${t.org.organization.id}/receivables/${row.id}/pay`,
      headers: t.org.as(t.org.admin.token),
      payload: { paidAt: t.world.today },
    });
    const period = { from: addDays(t.world.today, -60), to: t.world.today };

    const revenue = (await report('contract-revenue-by-month', period)).json();
    const charged = revenue.body.reduce((s: number, r: number[]) => s + r[2]!, 0);
    const received = revenue.body.reduce((s: number, r: number[]) => s + r[3]!, 0);
    // 300 twice (monthly, 40 days) and 900 once (quarterly); 300 received.
    expect(charged).toBe(300 * 2 + 900);
    expect(received).toBe(300);

    const byStatus = (await report('contracts-by-status', {})).json();
    expect(byStatus.body).toEqual([
      ['Ativo', 2, 300 + 300],
      ['Suspenso', 1, 50],
      ['Encerrado', 1, 120],
    ]);

    const cancellations = (await report('contract-cancellations', period)).json();
    expect(cancellations.body).toHaveLength(1);
    expect(cancellations.body[0]).toEqual([
      expect.any(String),
      ended.id,
      t.world.customer.name,
      t.world.company.name,
      addDays(t.world.today, 5),
      'Mensal',
      120,
      0,
    ]);

    const receivables = (await report('contract-receivables', period)).json();
    expect(receivables.total).toBe(3);
    expect(receivables.body.map((r: unknown[]) => r[5]).sort()).toEqual(['Recebida', 'Vencida', 'Vencida'].sort());

    const csv = await report('contract-receivables', period, 'csv');
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Vencimento;Contrato;OS;Cliente;Valor;Situação');
    expect(lines).toHaveLength(4);

    // Another organization's reports hold none of it.
    const theirs = (await report('contracts-by-status', {}, 'data', t.other)).json();
    expect(theirs.body).toEqual([]);
  });
});
