import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { InvoiceState, type InvoiceDetail } from '@ordem-certa/contracts';
import { fakeApi, renderAsUser } from '../../../test/fake-api.tsx';
import { invoiceFixture } from '../test/invoice-fixture.ts';
import { EditInvoicePage } from './edit-invoice-page.tsx';

const base = '/api/organizations/1/invoices/7';
afterEach(() => vi.unstubAllGlobals());

const lines = {
  invoiceServices: [
    {
      id: 1,
      serviceId: 5,
      name: 'Limpeza de split',
      description: 'Filtro e serpentina',
      quantity: 2,
      warrantyDays: 90,
      price: 150,
      createdAt: '2026-11-20T13:00:00Z',
      updatedAt: '2026-11-20T13:00:00Z',
    },
  ],
  invoiceEquipments: [
    {
      id: 3,
      equipmentId: 9,
      name: 'Split 12000',
      brand: 'LG',
      model: 'S4',
      serialNumber: 'SN-1',
      description: null,
    },
  ],
};

function page(invoice: InvoiceDetail, role: 'admin' | 'worker') {
  return [
    fakeApi({
      [`GET ${base}`]: () => invoice,
      [`GET ${base}/allowed-changes`]: () => ({ data: [] }),
      [`GET ${base}/comments/type/1`]: () => ({ data: [] }),
    }),
    renderAsUser(
      <Routes>
        <Route path="/invoices/:id/edit" element={<EditInvoicePage />} />
      </Routes>,
      role,
      '/invoices/7/edit',
    ),
  ] as const;
}

/** What a collaborator receives: the server leaves every price and the admin fields out. */
function asCollaboratorSees(invoice: InvoiceDetail): InvoiceDetail {
  const {
    subTotal: _s,
    discount: _d,
    total: _t,
    paymentDate: _pd,
    paymentDescription: _pde,
    invoiceInfo1: _i1,
    invoiceInfo2: _i2,
    isPayingJustTheHalf: _h,
    payrollBonus: _b,
    ...rest
  } = invoice;
  return { ...rest, invoiceServices: rest.invoiceServices.map(({ price: _p, ...l }) => l) };
}

describe('EditInvoicePage', () => {
  it('admin: prices, totals, workers, the admin panel and every add button', async () => {
    page(invoiceFixture({ ...lines, statusState: InvoiceState.Wip, subTotal: 300, total: 300 }), 'admin');
    expect(await screen.findByRole('heading', { name: 'Ordem de Serviço #1042' })).toBeInTheDocument();
    expect(screen.getAllByText(/R\$/).length).toBeGreaterThan(0);
    // The sections below the first ones come a moment after the heading.
    for (const name of ['Adicionar serviço', 'Adicionar produto', 'Adicionar equipamento', 'Adicionar colaborador']) {
      expect(await screen.findByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('region', { name: 'Informações adicionais' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Valores' })).toBeInTheDocument();
  });

  it('collaborator: no price anywhere, no workers or admin panel, only the equipment add', async () => {
    const [calls, { container }] = page(
      asCollaboratorSees(invoiceFixture({ ...lines, statusState: InvoiceState.Wip })),
      'worker',
    );
    expect(await screen.findByText('Limpeza de split')).toBeInTheDocument();
    expect(container.textContent).not.toMatch(/R\$/);
    expect(screen.getByRole('button', { name: 'Adicionar equipamento' })).toBeInTheDocument();
    for (const name of ['Adicionar serviço', 'Adicionar produto', 'Adicionar colaborador']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('region', { name: 'Colaboradores' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Valores' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Interno' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Sistema' })).not.toBeInTheDocument();
    // Only what a collaborator may call: no admin endpoint behind the screen.
    expect(calls.map((c) => c.path).filter((p) => p.startsWith('/api/admin'))).toEqual([]);
  });

  it("collaborator: the visit, their stamps and the equipment come first; the office's data is folded behind a button", async () => {
    const [, { container }] = page(
      asCollaboratorSees(invoiceFixture({ ...lines, statusState: InvoiceState.Wip })),
      'worker',
    );
    const visit = await screen.findByRole('region', { name: 'Atendimento' });
    const regions = [...container.querySelectorAll('section[aria-labelledby]')].map(
      (r) => r.querySelector('h2')!.textContent,
    );
    expect(regions.slice(0, 3)).toEqual(['Atendimento', 'Deslocamento e tempo', 'Equipamentos']);
    expect(visit).toHaveTextContent('Maria Souza');
    expect(screen.queryByRole('region', { name: 'Dados' })).not.toBeInTheDocument();
    expect(screen.queryByText('Natureza da Operação')).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: /Dados do escritório/ }));
    const data = screen.getByRole('region', { name: 'Dados' });
    expect(data).toHaveTextContent('Demo Refrigeração Ltda');
    expect(data).toHaveTextContent('Natureza da Operação');
  });

  it("admin: today's layout, the order's data first", async () => {
    const [, { container }] = page(invoiceFixture({ ...lines, statusState: InvoiceState.Wip }), 'admin');
    expect(await screen.findByRole('region', { name: 'Dados' })).toBeInTheDocument();
    const regions = [...container.querySelectorAll('.invoice-area-summary section')].map(
      (r) => r.querySelector('h2')!.textContent,
    );
    expect(regions).toEqual(['Dados', 'Atendimento']);
    expect(screen.queryByRole('button', { name: /Dados do escritório/ })).not.toBeInTheDocument();
  });

  it.each([InvoiceState.Completed, InvoiceState.Canceled])('state %i hides every add and remove', async (state) => {
    page(invoiceFixture({ ...lines, statusState: state }), 'admin');
    expect(await screen.findByText('Limpeza de split')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /^Adicionar (serviço|produto|equipamento|colaborador)$/ }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remover/ })).not.toBeInTheDocument();
    expect(screen.queryByPlaceholderText('Escreva um comentário')).not.toBeInTheDocument();
  });
});
