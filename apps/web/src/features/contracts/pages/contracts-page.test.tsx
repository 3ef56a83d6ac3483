import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContractListItem } from '@ordem-certa/contracts';
import { fakeApi, renderAsUser } from '../../../test/fake-api.tsx';
import { ContractsPage } from './contracts-page.tsx';

const item = (over: Partial<ContractListItem>): ContractListItem => ({
  id: 4,
  companyName: 'Oficina Frio Bom',
  customerName: 'Condomínio Aurora',
  amount: 890,
  periodicity: 'monthly',
  billingDay: 5,
  startDate: '2026-10-01',
  endDate: null,
  status: 'ativo',
  nextBillingDate: '2026-12-05',
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const list = '/api/organizations/1/contracts';

describe('ContractsPage', () => {
  it('lists the active contracts with the count and the monthly recurring revenue; a tab asks the server', async () => {
    const calls = fakeApi({
      [`GET ${list}`]: (_b, url) =>
        url.searchParams.get('status') === 'suspenso'
          ? {
              data: [item({ id: 9, status: 'suspenso', nextBillingDate: null })],
              meta: { total: 1, skip: 0, take: 25, mrr: 0 },
            }
          : {
              data: [item({}), item({ id: 5, amount: 1500, periodicity: 'quarterly', nextBillingDate: '2026-12-10' })],
              meta: { total: 2, skip: 0, take: 25, mrr: 1390 },
            },
    });
    renderAsUser(<ContractsPage />);
    const table = await screen.findByRole('table');
    await within(table).findByText('05/12/2026');
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('link', { name: 'Condomínio Aurora' })).toHaveAttribute('href', '/contracts/4');
    expect(second).toHaveTextContent('Trimestral');
    expect(screen.getByTestId('contracts-summary')).toHaveTextContent('2 contratos');
    expect(screen.getByTestId('contracts-summary')).toHaveTextContent('R$ 1.390,00');
    expect(calls[0]!.url.searchParams.get('status')).toBe('ativo');

    await userEvent.click(screen.getByRole('button', { name: 'Suspensos' }));
    expect(await within(table).findByText('Suspenso')).toBeInTheDocument();
    expect(calls.at(-1)!.url.searchParams.get('status')).toBe('suspenso');
    expect(screen.getByTestId('contracts-summary')).toHaveTextContent('1 contrato');
  });

  it('exports the filtered contracts as CSV', async () => {
    const calls = fakeApi({
      [`GET ${list}`]: () => ({ data: [item({})], meta: { total: 1, skip: 0, take: 25, mrr: 890 } }),
      [`GET ${list}/csv`]: () => 'Contrato;Cliente',
    });
    renderAsUser(<ContractsPage />);
    await screen.findByRole('table');
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    await userEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    const csv = calls.find((c) => c.path === `${list}/csv`)!;
    expect(csv.url.searchParams.get('status')).toBe('ativo');
  });
});
