import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderAsUser } from '../../test/fake-api.tsx';
import { formatIsoDate } from '../../lib/format.ts';
import {
  InvoiceFilterPopover,
  invoiceFilterCount,
  invoiceFilterDefaults,
  showsSchedule,
  technicianFilterDefaults,
  toInvoicesQuery,
  type InvoiceListFilter,
} from './invoice-filter.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('service-order filter', () => {
  it('counts customer, worker, status (as one), each paid flag and q', () => {
    expect(invoiceFilterCount(invoiceFilterDefaults)).toBe(0);
    const f: InvoiceListFilter = {
      ...invoiceFilterDefaults,
      q: ' joao ',
      customer: { value: 3, label: 'João' },
      worker: { value: 2, label: 'Téo' },
      status: [11, 12, 13],
      isNotPaid: true,
    };
    expect(invoiceFilterCount(f)).toBe(5);
    expect(toInvoicesQuery(f)).toEqual({
      q: 'joao',
      skip: 0,
      take: 25,
      customer: 3,
      worker: 2,
      status: [11, 12, 13],
      isPaid: undefined,
      isNotPaid: true,
    });
    // A customer's own tab fixes the customer.
    expect(toInvoicesQuery(f, 9).customer).toBe(9);
  });

  it('paid and not paid exclude each other; statuses come from the server', async () => {
    fakeApi({
      'GET /api/organizations/1/invoice-statuses': () => ({
        data: [
          { id: 11, state: 7, label: 'Não Iniciado' },
          { id: 31, state: -1, label: 'Aguardando peça' },
        ],
        meta: { total: 2, skip: 0, take: 100 },
      }),
    });
    const applied = vi.fn();
    function Probe() {
      const [f, setF] = useState(invoiceFilterDefaults);
      return (
        <InvoiceFilterPopover
          idPrefix="t"
          filter={[
            f,
            (next) => {
              applied(next);
              setF(next);
            },
            () => setF(invoiceFilterDefaults),
          ]}
          showCustomer={false}
        />
      );
    }
    renderAsUser(<Probe />, 'worker');
    await userEvent.click(screen.getByRole('button', { name: /Filtros/ }));
    await userEvent.click(screen.getByLabelText('Pagas'));
    await userEvent.click(screen.getByLabelText('Não pagas'));
    expect(screen.getByLabelText('Pagas')).not.toBeChecked();
    await userEvent.click(await screen.findByLabelText('Aguardando peça'));
    expect(screen.queryByLabelText('Cliente')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Colaborador')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(applied).toHaveBeenCalledWith(expect.objectContaining({ isPaid: false, isNotPaid: true, status: [31] }));
    expect(screen.getByTestId('filter-count')).toHaveTextContent('2');
  });

  it('the visit dates go to the query, count once in the badge and make the list show the schedule', () => {
    const f = { ...invoiceFilterDefaults, scheduledFrom: '2031-05-10', scheduledTo: '2031-05-11' };
    expect(toInvoicesQuery(f)).toEqual({ skip: 0, take: 25, scheduledFrom: '2031-05-10', scheduledTo: '2031-05-11' });
    expect(invoiceFilterCount(f)).toBe(1);
    expect(showsSchedule(f)).toBe(true);
    expect(showsSchedule(invoiceFilterDefaults)).toBe(false);
  });

  it("a technician's defaults ask for the open orders by schedule; the popover shows the closed ones again", async () => {
    expect(toInvoicesQuery(technicianFilterDefaults)).toEqual({ skip: 0, take: 25, open: true, sort: 'scheduled' });
    expect(toInvoicesQuery(invoiceFilterDefaults)).toEqual({ skip: 0, take: 25 });
    fakeApi({
      'GET /api/organizations/1/invoice-statuses': () => ({ data: [], meta: { total: 0, skip: 0, take: 100 } }),
    });
    const applied = vi.fn();
    renderAsUser(
      <InvoiceFilterPopover idPrefix="t" filter={[technicianFilterDefaults, applied, () => {}]} showCustomer={false} />,
      'worker',
    );
    await userEvent.click(screen.getByRole('button', { name: /Filtros/ }));
    const open = screen.getByLabelText(/Somente abertas/);
    expect(open).toBeChecked();
    expect(screen.getByLabelText('Ordenar por')).toHaveValue('scheduled');
    await userEvent.click(open);
    await userEvent.selectOptions(screen.getByLabelText('Ordenar por'), 'number');
    await userEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(applied).toHaveBeenCalledWith(expect.objectContaining({ open: false, sort: 'number' }));
  });

  it("an admin also filters by customer and worker; 'Filtrar' goes back to the first page", async () => {
    fakeApi({
      'GET /api/organizations/1/invoice-statuses': () => ({ data: [], meta: { total: 0, skip: 0, take: 100 } }),
    });
    const applied = vi.fn();
    renderAsUser(
      <InvoiceFilterPopover
        idPrefix="t"
        filter={[{ ...invoiceFilterDefaults, skip: 50 }, applied, () => {}]}
        showCustomer
      />,
      'admin',
    );
    await userEvent.click(screen.getByRole('button', { name: /Filtros/ }));
    expect(screen.getByLabelText('Cliente')).toBeInTheDocument();
    expect(screen.getByLabelText('Colaborador')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Pesquisar'), '  1042 ');
    await userEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(applied).toHaveBeenCalledWith(expect.objectContaining({ q: '1042', skip: 0 }));
  });

  it('shows a calendar date without shifting it to the day before', () => {
    expect(formatIsoDate('2026-11-22')).toBe('22/11/2026');
    expect(formatIsoDate(null)).toBe('');
  });
});
