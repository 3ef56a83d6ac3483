import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paymentMessages, type ReceivableRow } from '@ordem-certa/contracts';
import { fakeApi, renderAsUser } from '../../../test/fake-api.tsx';
import { ReceivablesPage } from './receivables-page.tsx';

const row = (over: Partial<ReceivableRow>): ReceivableRow => ({
  id: 1,
  invoiceId: 7,
  invoiceNumber: 1001,
  customerName: 'Ana Lima',
  amount: 33.33,
  dueDate: '2026-03-10',
  method: 'boleto',
  installmentNumber: 1,
  installmentCount: 3,
  status: 'overdue',
  paidAt: null,
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const list = '/api/organizations/1/receivables';

describe('ReceivablesPage', () => {
  it('lists instalments with the overdue one highlighted, the count and the sum; the situation filters on the server', async () => {
    const calls = fakeApi({
      [`GET ${list}`]: (_b, url) => ({
        data:
          url.searchParams.get('status') === 'paid'
            ? [row({ id: 3, status: 'paid', paidAt: '2026-03-12' })]
            : [row({ id: 1 }), row({ id: 2, installmentNumber: 2, dueDate: '2099-04-10', status: 'open' })],
        meta: { total: 2, skip: 0, take: 25, sum: 66.66 },
      }),
    });
    renderAsUser(<ReceivablesPage />);
    const table = await screen.findByRole('table');
    await within(table).findByText('10/03/2026');
    const [, overdue, open] = within(table).getAllByRole('row');
    expect(overdue).toHaveClass('table-danger');
    expect(overdue).toHaveTextContent('Vencida');
    expect(within(overdue!).getByRole('link', { name: '1001' })).toHaveAttribute('href', '/invoices/7/edit');
    expect(open).not.toHaveClass('table-danger');
    expect(open).toHaveTextContent('Em aberto');
    expect(screen.getByTestId('receivables-summary')).toHaveTextContent('2 parcelas');
    expect(screen.getByTestId('receivables-summary')).toHaveTextContent('R$ 66,66');

    await userEvent.click(screen.getByRole('button', { name: 'Recebidas' }));
    expect(await within(table).findByText('Recebida em 12/03/2026')).toBeInTheDocument();
    expect(calls.at(-1)!.url.searchParams.get('status')).toBe('paid');
  });

  it('receives an instalment and exports the filtered rows as CSV', async () => {
    const calls = fakeApi({
      [`GET ${list}`]: () => ({ data: [row({})], meta: { total: 1, skip: 0, take: 25, sum: 33.33 } }),
      // Wrapped: a row has its own `status`, which the fake would read as the HTTP status.
      [`POST ${list}/1/pay`]: () => ({ status: 200, body: row({ status: 'paid', paidAt: '2026-03-11' }) }),
      [`GET ${list}/csv`]: () => 'OS;Cliente',
    });
    renderAsUser(<ReceivablesPage />);
    const table = await screen.findByRole('table');
    await userEvent.click(await within(table).findByRole('button', { name: 'Receber a parcela 1/3 da OS 1001' }));
    const modal = await screen.findByRole('dialog', { name: 'Receber a parcela 1/3 da OS 1001' });
    expect(modal).toHaveTextContent('Ana Lima: R$ 33,33 por Boleto, vencimento 10/03/2026.');
    await userEvent.click(within(modal).getByRole('button', { name: 'Receber' }));
    expect(await screen.findByText(paymentMessages.received)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ note: null });

    // The download itself: a blob URL clicked (jsdom has none of its own).
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    await userEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(calls.some((c) => c.path === `${list}/csv`)).toBe(true);
  });
});
