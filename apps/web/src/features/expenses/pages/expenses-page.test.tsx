import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expenseMessages, type Expense } from '@ordem-certa/contracts';
import { fakeApi, renderAsUser } from '../../../test/fake-api.tsx';
import { todayIso } from '../../../lib/time-zone.ts';
import { ExpensesPage } from './expenses-page.tsx';

const base = '/api/organizations/1/expenses';
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const expense = (over: Partial<Expense>): Expense => ({
  id: 7,
  description: 'Conta de energia',
  category: 'Energia',
  amount: 487.9,
  dueDate: '2026-11-13',
  paidAt: null,
  status: 'overdue',
  attachment: null,
  createdAt: '2026-11-01T12:00:00Z',
  updatedAt: '2026-11-01T12:00:00Z',
  ...over,
});

function renderPage(routes: Parameters<typeof fakeApi>[0] = {}) {
  const calls = fakeApi({
    [`GET ${base}`]: () => ({
      data: [expense({}), expense({ id: 8, description: 'Aluguel', status: 'paid', paidAt: '2026-11-04' })],
      meta: { total: 2, skip: 0, take: 25, sum: 3987.9 },
    }),
    [`GET ${base}/categories`]: () => ({ data: ['Energia', 'Aluguel'] }),
    ...routes,
  });
  renderAsUser(<ExpensesPage />, 'admin', '/expenses');
  return calls;
}

describe('ExpensesPage', () => {
  it("shows the count and the sum of every match, and pays an unpaid one on the organization's today", async () => {
    const calls = renderPage({
      // An expense has a `status` of its own: the answer is given as {status, body}.
      [`POST ${base}/7/pay`]: (body) => ({
        status: 200,
        body: expense({ status: 'paid', paidAt: (body as { paidAt: string }).paidAt }),
      }),
    });
    const summary = await screen.findByTestId('expenses-summary');
    await waitFor(() => expect(summary).toHaveTextContent('2 despesas'));
    expect(summary).toHaveTextContent('R$ 3.987,90');
    // Only the unpaid one offers 'Pagar'.
    expect(screen.getAllByRole('button', { name: /Marcar como paga/ })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Marcar como paga: Conta de energia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Marcar como paga' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await screen.findByText(expenseMessages.paid);
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: `${base}/7/pay`,
      body: { paidAt: todayIso() },
    });
  });

  it('a file over 10 MB is refused under the field and nothing is sent', async () => {
    const calls = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Nova despesa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova despesa' });
    await userEvent.type(within(dialog).getByLabelText('Descrição'), 'Compressor');
    await userEvent.type(within(dialog).getByLabelText('Categoria'), 'Peças');
    await userEvent.type(within(dialog).getByLabelText('Valor'), '1500');
    await userEvent.type(within(dialog).getByLabelText('Vencimento'), '10122026');
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'nota.pdf', { type: 'application/pdf' });
    await userEvent.upload(within(dialog).getByLabelText(/Anexo/), big);
    expect(await within(dialog).findByText(expenseMessages.attachmentTooLarge)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('an accountant opens an expense to read it: nothing to change, no Salvar, no new expense', async () => {
    renderPage({
      // A Contador: reads expenses, changes nothing.
      'GET /api/me': () => ({
        id: 3,
        name: 'Contadora',
        email: 'contadora@oficina.com.br',
        roles: ['ROLE_USER'],
        permissions: ['expense.see', 'payment.see', 'report.see', 'nfse.see'],
        organization: { id: 1, name: 'Oficina', timeZone: 'America/Sao_Paulo', features: {} },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Conta de energia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Despesa' });
    expect(within(dialog).getByLabelText('Descrição')).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Salvar' })).toBeNull();
    expect(within(dialog).getAllByRole('button', { name: 'Fechar' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Nova despesa' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Marcar como paga/ })).toBeNull();
  });
});
