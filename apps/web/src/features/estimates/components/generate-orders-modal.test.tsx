import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { EstimateDetail, EstimateInvoicesResponse } from '@ordem-certa/contracts';
import { fakeApi, renderAsUser } from '../../../test/fake-api.tsx';
import { useEstimate } from '../api/get-estimate.ts';
import { GenerateOrdersModal } from './generate-orders-modal.tsx';

const base = '/api/organizations/1/estimates/9';
const estimate = { id: 9, number: 310 } as EstimateDetail;

const order = (id: number, number: number) => ({
  id,
  number,
  createdAt: '2026-11-20T12:00:00Z',
  statusState: 0,
  statusLabel: 'Rascunho',
  isClosed: false,
  servicesCount: 0,
  productsCount: 0,
  equipmentsCount: 0,
});
const split = { id: 4, name: 'Split 18k', brand: 'LG', model: 'Dual', serialNumber: 'SN-1' };
const cleaning = {
  id: 5,
  itemNumber: 1,
  name: 'Limpeza',
  description: null,
  quantity: 2,
  unit: null,
  isGrouped: false,
  remaining: 2,
};
const gas = {
  id: 6,
  itemNumber: 1,
  name: 'Gás',
  description: null,
  quantity: 3,
  unit: 'un',
  isGrouped: true,
  remaining: 3,
};
const fluid = { ...gas, id: 7, itemNumber: 2, name: 'Fluido', quantity: 1.75, unit: 'kg', remaining: 1.75 };

/** A deferred promise: the test decides when a request answers. */
function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** The estimate screen's detail query, refreshed with the orders after every add (as on the page). */
function EstimateDetailProbe() {
  useEstimate(estimate.id);
  return null;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('GenerateOrdersModal', () => {
  it('opens with every remaining item ticked, all units of each line', async () => {
    fakeApi({
      [`GET ${base}/invoices`]: () =>
        ({
          data: [],
          remaining: { equipments: [split], services: [cleaning], products: [gas, fluid] },
        }) satisfies EstimateInvoicesResponse,
    });
    renderAsUser(<GenerateOrdersModal estimate={estimate} show onHide={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Gerar Ordens de Serviço' });
    expect(await within(dialog).findByLabelText(/Split 18k/)).toBeChecked();
    // Quantities the pt-BR way, with the product's unit.
    expect(within(dialog).getByLabelText(/Fluido agrupado · 1,75 kg/)).toBeChecked();
    expect(within(dialog).getByLabelText(/Gás agrupado · 3 un\./)).toBeChecked();
    expect(within(dialog).getByLabelText(/restam \d de 2 un\./)).toBeChecked();
    expect(within(dialog).getByLabelText('Unidades de Limpeza')).toHaveValue(2);
    expect(within(dialog).getByLabelText(/agrupado · 3 un\./)).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Gerar OS com todos os itens' })).toHaveClass('btn-primary');
  });

  it("'Gerar OS com todos os itens' puts everything left on a new order and opens it in this tab", async () => {
    const calls = fakeApi({
      [`GET ${base}/invoices`]: () => ({
        data: [order(50, 500)],
        remaining: { equipments: [split], services: [{ ...cleaning, remaining: 1 }], products: [gas] },
      }),
      [`POST ${base}/invoices`]: () => ({ id: 51, number: 501 }),
    });
    const open = vi.spyOn(window, 'open');
    const onHide = vi.fn();
    renderAsUser(
      <Routes>
        <Route path="/estimates/:id/edit" element={<GenerateOrdersModal estimate={estimate} show onHide={onHide} />} />
        <Route path="/invoices/:id/edit" element={<p>OS aberta</p>} />
      </Routes>,
      'admin',
      '/estimates/9/edit',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Gerar Ordens de Serviço' });
    // Unticking items below does not change what the button generates: all of it.
    await userEvent.click(await within(dialog).findByLabelText(/agrupado · 3 un\./));
    // A double click (two clicks before the button can re-render disabled) sends one request.
    const all = within(dialog).getByRole('button', { name: 'Gerar OS com todos os itens' });
    all.click();
    all.click();
    expect(await screen.findByText('OS aberta')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { invoice: null, equipments: [4], services: [{ id: 5, quantity: 1 }], products: [{ id: 6, quantity: 3 }] },
    ]);
    expect(open).not.toHaveBeenCalled();
    expect(onHide).toHaveBeenCalled();
  });

  it("keeps the user's 'Nova +' when the orders list refreshes after an add to an existing order", async () => {
    let added = false;
    const detailAnswer = { current: gate() };
    const calls = fakeApi({
      [`GET ${base}/invoices`]: () => ({
        data: [order(50, 500)],
        remaining: added
          ? { equipments: [], services: [{ ...cleaning, remaining: 1 }], products: [] }
          : { equipments: [], services: [{ ...cleaning, remaining: 1 }], products: [gas] },
      }),
      [`POST ${base}/invoices`]: () => {
        added = true;
        return { id: 50, number: 500 };
      },
      [`GET ${base}`]: () => ({ ...estimate }),
    });
    // The estimate's own refresh answers only when the test says: the refreshed orders list is on the
    // screen, the add not yet finished.
    const fetchOrders = globalThis.fetch;
    let details = 0;
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      if (new URL(input, 'http://localhost').pathname === base && (init?.method ?? 'GET') === 'GET' && details++ > 0)
        await detailAnswer.current.promise;
      return fetchOrders(input, init);
    });
    renderAsUser(
      <>
        <EstimateDetailProbe />
        <GenerateOrdersModal estimate={estimate} show onHide={() => {}} />
      </>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Gerar Ordens de Serviço' });
    // The grouped product onto the existing order, the service's last unit kept for another.
    await userEvent.click(await within(dialog).findByLabelText(/OS nº 500/));
    await userEvent.click(within(dialog).getByLabelText(/restam \d de 2 un\./));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adicionar à OS' }));
    const confirm = await screen.findByRole('dialog', { name: 'Tem certeza?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Adicionar' }));
    // The refreshed list is shown (the product is gone) while the add is still finishing.
    await waitFor(() => expect(within(dialog).queryByLabelText(/agrupado · 3 un\./)).not.toBeInTheDocument());
    await userEvent.click(within(dialog).getByLabelText('Nova +'));
    expect(within(dialog).getByLabelText('Nova +')).toBeChecked();
    detailAnswer.current.open();
    expect(await screen.findByText(/Os itens foram adicionados à ordem de serviço nº 500/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Nova +')).toBeChecked();
    expect(within(dialog).getByLabelText(/OS nº 500/)).not.toBeChecked();

    // The next add goes to a new order, with the unit left (ticked again after the add).
    expect(within(dialog).getByLabelText(/restam \d de 2 un\./)).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adicionar à OS' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Tem certeza?' })).getByRole('button', { name: 'Adicionar' }),
    );
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { invoice: 50, equipments: [], services: [], products: [{ id: 6, quantity: 3 }] },
      { invoice: null, equipments: [], services: [{ id: 5, quantity: 1 }], products: [] },
    ]);
  });
});
