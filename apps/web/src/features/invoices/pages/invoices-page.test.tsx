import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InvoiceListRow } from '@ordem-certa/contracts';
import { fakeApi, renderAsUser } from '../../../test/fake-api.tsx';
import { orderHead } from '../test/invoice-fixture.ts';
import { InvoicesPage } from './invoices-page.tsx';

const row = (over: Partial<InvoiceListRow>): InvoiceListRow => ({
  id: 1,
  number: 1001,
  createdAt: '2026-11-20T12:00:00Z',
  ...orderHead,
  statusId: 2,
  statusState: 7,
  statusLabel: 'Não Iniciado',
  isPaid: false,
  startedAt: null,
  scheduledAt: null,
  invoiceTags: [],
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('InvoicesPage', () => {
  function serve() {
    return fakeApi({
      'GET /api/organizations/1/invoices/filter': () => ({
        data: [
          row({ id: 1, number: 1001, scheduledAt: '2026-12-02T17:30:00Z', customerName: 'Ana Lima' }),
          row({ id: 2, number: 1002, scheduledAt: null, customerName: 'Bruno Reis' }),
        ],
        meta: { total: 2, skip: 0, take: 25 },
      }),
      'GET /api/organizations/1/invoice-statuses': () => ({ data: [], meta: { total: 0, skip: 0, take: 100 } }),
    });
  }
  const listCalls = (calls: ReturnType<typeof fakeApi>) =>
    calls.filter((c) => c.path.endsWith('/invoices/filter')).map((c) => Object.fromEntries(c.url.searchParams));

  it("a technician's list asks for the open orders by schedule and shows the visit; 'Mostrar todas' shows the rest", async () => {
    const calls = serve();
    renderAsUser(<InvoicesPage />, 'worker', '/invoices');
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Ana Lima')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Agendada' })).toBeInTheDocument();
    expect(within(table).getByText('Sem agendamento')).toBeInTheDocument();
    expect(listCalls(calls)).toEqual([expect.objectContaining({ open: 'true', sort: 'scheduled' })]);
    expect(screen.getByText('Concluídas, canceladas e pagas não aparecem.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Mostrar todas' }));
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(listCalls(calls)[1]).not.toHaveProperty('open');
    expect(listCalls(calls)[1]).toMatchObject({ sort: 'scheduled' });
    expect(screen.queryByRole('button', { name: 'Mostrar todas' })).not.toBeInTheDocument();
  });

  it("the admin's list keeps its default: newest first, everything, the creation date", async () => {
    const calls = serve();
    renderAsUser(<InvoicesPage />, 'admin', '/invoices');
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Ana Lima')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Data' })).toBeInTheDocument();
    const [query] = listCalls(calls);
    expect(query).not.toHaveProperty('open');
    expect(query).not.toHaveProperty('sort');
    expect(screen.queryByText('Concluídas, canceladas e pagas não aparecem.')).not.toBeInTheDocument();
  });
});
