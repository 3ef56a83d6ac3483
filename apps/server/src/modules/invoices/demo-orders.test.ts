import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { demoPerFile } from '../../../test/helpers.ts';

// The demo seed's service orders, read through the API as the demo users would.
const t = demoPerFile(['admin@demo.com.br', 'tecnico@demo.com.br', 'admin@org102.com.br']);

describe('demo service orders', () => {
  it('organization 1 has orders in every state, some paid, numbered 1..n', async () => {
    const list = (await t.get('admin@demo.com.br', '/api/organizations/1/invoices/filter?take=100')).json();
    expect(list.meta.total).toBeGreaterThanOrEqual(12);
    const states = new Set(list.data.map((r: { statusState: number }) => r.statusState));
    expect([...states].sort()).toEqual([-100, -1, 0, 7, 10, 20].sort());
    expect(list.data.some((r: { isPaid: boolean }) => r.isPaid)).toBe(true);
    const numbers = list.data.map((r: { number: number }) => r.number).sort((a: number, b: number) => a - b);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, k) => k + 1));
    const blocked = list.data.filter((r: { statusState: number }) => r.statusState === -1);
    expect(blocked.map((r: { statusLabel: string }) => r.statusLabel)).toContain('Aguardando peça');
  });

  it('every seeded subtotal is the sum of its lines, and the discount fits', async () => {
    const rows = (await t.ctx.database.db.execute(sql`
      SELECT i.id FROM invoices i
      WHERE i.subtotal_cents <> coalesce((SELECT sum(quantity * price_cents) FROM invoice_services s WHERE s.invoice_id = i.id), 0)
                              + coalesce((SELECT sum(quantity * price_cents) FROM invoice_products p WHERE p.invoice_id = i.id), 0)
         OR i.discount_cents > i.subtotal_cents`)) as unknown as { rows: unknown[] };
    expect(rows.rows).toEqual([]);
  });

  it('the demo collaborator sees most orders, with comments, and no price', async () => {
    const all = (await t.get('admin@demo.com.br', '/api/organizations/1/invoices/filter')).json();
    const mine = (await t.get('tecnico@demo.com.br', '/api/organizations/1/invoices/filter?take=100')).json();
    expect(mine.meta.total).toBeGreaterThan(all.meta.total / 2);
    expect(mine.meta.total).toBeLessThan(all.meta.total);
    const id = mine.data[0].id;
    const detail = await t.get('tecnico@demo.com.br', `/api/organizations/1/invoices/${id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.body).not.toMatch(/"(price|subTotal|total|discount)"/);
  });

  it('the next order continues the numbering', async () => {
    const all = (await t.get('admin@demo.com.br', '/api/organizations/1/invoices/filter')).json();
    const customer = all.data[0];
    const nature = (await t.get('admin@demo.com.br', '/api/organizations/1/transaction-natures')).json().data[0];
    const res = await t.ctx.app.inject({
      method: 'POST',
      url: '/api/organizations/1/invoices',
      headers: t.as('admin@demo.com.br'),
      payload: { company: customer.companyId, customer: customer.customerId, transactionNature: nature.id },
    });
    expect(res.json().number).toBe(all.meta.total + 1);
  });

  it('organization 102 has its own two orders, and the home cards have rows', async () => {
    const lite = (await t.get('admin@org102.com.br', '/api/organizations/102/invoices/filter')).json();
    expect(lite.meta.total).toBe(2);
    for (const card of ['wip', 'completed', 'blocked']) {
      const res = (await t.get('admin@demo.com.br', `/api/organizations/1/invoices/${card}`)).json();
      expect(res.data.length, card).toBeGreaterThan(0);
    }
  });
});
