import { describe, expect, it } from 'vitest';
import { demoPerFile } from '../../../test/helpers.ts';

// The demo seed's estimates, read through the API as the demo admins would.
const t = demoPerFile(['admin@demo.com.br', 'admin@org102.com.br']);

describe('demo estimates', () => {
  it('organization 1 has estimates in every status, numbered 1..n, one with two generated orders', async () => {
    const list = (await t.get('admin@demo.com.br', '/api/organizations/1/estimates?take=100')).json();
    expect(new Set(list.data.map((r: { status: number }) => r.status))).toEqual(new Set([0, 1, 10, -1]));
    const numbers = list.data.map((r: { number: number }) => r.number).sort((a: number, b: number) => a - b);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, k) => k + 1));
    const withOrders = [];
    for (const row of list.data) {
      const tab = (await t.get('admin@demo.com.br', `/api/organizations/1/estimates/${row.id}/invoices`)).json();
      if (tab.data.length) withOrders.push({ row, tab });
    }
    expect(withOrders).toHaveLength(1);
    const { row, tab } = withOrders[0]!;
    expect(row.status).toBe(10);
    expect(tab.data).toHaveLength(2);
    // The non-grouped service's 3 units went to the two orders (2 + 1); only the grouped service is left.
    expect(tab.remaining.services).toEqual([expect.objectContaining({ isGrouped: true, remaining: 1 })]);
    expect(tab.remaining.products).toEqual([]);
    for (const order of tab.data) {
      const detail = (await t.get('admin@demo.com.br', `/api/organizations/1/invoices/${order.id}`)).json();
      expect(detail.estimateId).toBe(row.id);
    }
    // Order numbers stay 1..n after the generated orders.
    const orders = (await t.get('admin@demo.com.br', '/api/organizations/1/invoices/filter?take=100')).json();
    const orderNumbers = orders.data.map((r: { number: number }) => r.number).sort((a: number, b: number) => a - b);
    expect(orderNumbers).toEqual(Array.from({ length: orderNumbers.length }, (_, k) => k + 1));
  });

  it('organization 102 has none and is refused', async () => {
    expect((await t.get('admin@org102.com.br', '/api/organizations/102/estimates')).statusCode).toBe(403);
  });
});
