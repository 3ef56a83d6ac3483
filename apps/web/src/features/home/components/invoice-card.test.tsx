import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { InvoiceState, type InvoiceListRow } from '@ordem-certa/contracts';
import { fakeApi, renderAsUser } from '../../../test/fake-api.tsx';
import { cardListPath, InvoiceCard } from './invoice-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const row = (n: number): InvoiceListRow => ({
  id: n,
  number: 100 + n,
  createdAt: '2026-11-20T13:00:00.000Z',
  companyId: 1,
  companyName: 'Demo',
  companyIdentifier: '11222333000181',
  companyType: 1,
  customerId: 3,
  customerName: `Cliente ${n}`,
  customerIdentifier: '52998224725',
  customerType: 2,
  transactionNatureName: 'Serviço',
  statusId: 1,
  statusState: InvoiceState.Wip,
  statusLabel: 'Em Andamento',
  isPaid: false,
  startedAt: null,
  scheduledAt: null,
  invoiceTags: [],
});

describe('home InvoiceCard', () => {
  it("shows how many orders the card holds and their value, and 'Ver todas' past the 10th row", async () => {
    fakeApi({
      'GET /api/organizations/1/invoices/wip': () => ({
        data: Array.from({ length: 10 }, (_, n) => row(n + 1)),
        total: 37,
        amount: 18_500.5,
      }),
    });
    renderAsUser(<InvoiceCard card="wip" title="Serviços não concluídos" />);
    const card = screen.getByRole('region', { name: 'Serviços não concluídos' });
    expect(await within(card).findByTestId('card-count')).toHaveTextContent('37');
    expect(within(card).getByTestId('card-amount')).toHaveTextContent(/R\$\s18\.500,50/);
    expect(within(card).getByRole('link', { name: 'Ver todas' })).toHaveAttribute('href', '/invoices?state=7,10');
    // A row's link is named by what it shows (no aria-label hiding the visible text).
    const first = within(card).getByRole('link', { name: /#101/ });
    expect(first).toHaveAccessibleName(expect.stringContaining('Cliente 1'));
    expect(first).not.toHaveAttribute('aria-label');
  });

  it("a row shows its customer's CPF/CNPJ, formatted, not the company's", async () => {
    fakeApi({
      'GET /api/organizations/1/invoices/blocked': () => ({
        data: [
          row(1),
          { ...row(2), customerIdentifier: '11444777000161', customerType: 1, companyIdentifier: '45723174000110' },
        ],
        total: 2,
        amount: 0,
      }),
    });
    renderAsUser(<InvoiceCard card="blocked" title="Serviços bloqueados" />);
    const card = screen.getByRole('region', { name: 'Serviços bloqueados' });
    const first = await within(card).findByRole('link', { name: /#101/ });
    expect(first).toHaveTextContent('529.982.247-25');
    expect(first).not.toHaveTextContent('11.222.333/0001-81');
    const second = within(card).getByRole('link', { name: /#102/ });
    expect(second).toHaveTextContent('11.444.777/0001-61');
    expect(second).not.toHaveTextContent('45.723.174/0001-10');
  });

  it("each card's 'Ver todas' opens the list filtered as the card is", () => {
    expect(cardListPath('wip')).toBe('/invoices?state=7,10');
    expect(cardListPath('completed')).toBe('/invoices?state=20&isNotPaid=true');
    expect(cardListPath('blocked')).toBe('/invoices?state=-1');
  });
});
