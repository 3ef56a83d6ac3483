import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { fakeApi, renderAsUser } from '../../test/fake-api.tsx';
import type { Removal } from '../use-removal.ts';
import type { AddLineKind } from './add-line-modal.tsx';
import { equipmentColumns, itemNumberColumn, nameColumn, priceColumns, quantityColumn } from './line-columns.tsx';
import { LinesSection } from './lines-section.tsx';

afterEach(() => vi.unstubAllGlobals());

const services = [
  {
    id: 11,
    itemNumber: 1,
    name: 'Limpeza de split',
    description: 'Filtro e serpentina',
    quantity: 2,
    price: 150,
    warrantyDays: 90 as number | null,
  },
  { id: 12, itemNumber: 2, name: 'Carga de gás', description: null, quantity: 1, price: 250.5, warrantyDays: null },
];
const equipment = [{ id: 21, name: 'Split 12000', description: null, brand: 'LG', model: 'S4', serialNumber: 'SN-1' }];

const serviceKind: AddLineKind<{ service: number }> = {
  name: 'services',
  schema: z.object({ service: z.number({ error: 'Selecione o serviço' }) }),
  descriptionRows: 2,
};
const equipmentKind: AddLineKind<{ equipment: number }> = {
  name: 'equipments',
  schema: z.object({ equipment: z.number() }),
};

const adding = <B,>(kind: AddLineKind<B>, onAdd: (body: B) => Promise<unknown> = vi.fn(async () => ({}))) => ({
  kind,
  draftKey: ['test', kind.name],
  optionsKey: ['test', kind.name, 'options'],
  loadOptions: async () => [{ value: 5, label: 'Limpeza de split' }],
  onAdd,
});

function removal(over: Partial<Removal<{ id: number; name: string }>> = {}) {
  return {
    question: (l: { name: string }) => ({ title: `Remover ${l.name}?`, confirmLabel: 'Remover' }),
    run: vi.fn(async () => ({})),
    removed: 'Serviço removido',
    failed: vi.fn(),
    ...over,
  };
}

type Service = (typeof services)[number];

const serviceColumns = [
  itemNumberColumn<Service>(),
  nameColumn<Service>('Serviço'),
  quantityColumn<Service>(),
  ...priceColumns<Service>('Valor unit.', { foldPrice: true }),
];

/** The services section of a record, editable unless told; the removal, save and add calls are mocks. */
function renderServices(
  over: {
    editable?: boolean;
    removal?: Removal<Service>;
    onSave?: () => Promise<unknown>;
    onAdd?: () => Promise<unknown>;
  } = {},
) {
  fakeApi({});
  const r = over.removal ?? removal();
  renderAsUser(
    <LinesSection
      add={adding(serviceKind, over.onAdd)}
      lines={services}
      columns={serviceColumns}
      editable={over.editable ?? true}
      removal={r}
      onSave={over.onSave}
    />,
  );
  return r;
}

describe('LinesSection', () => {
  it("shows the lines under the kind's heading, with the line total; read-only without add, edit or remove", () => {
    renderServices({ editable: false, onSave: vi.fn() });
    const section = screen.getByRole('region', { name: 'Serviços' });
    const rows = within(section).getAllByRole('row');
    // Money reads 'R$ 150,00' with a no-break space.
    expect(rows.map((r) => r.textContent?.replace(/\u00a0/g, ' '))).toEqual([
      '#ServiçoQtd.Valor unit.Total',
      '1Limpeza de splitFiltro e serpentinaGarantia: 90 dias2R$ 150,00R$ 300,00',
      '2Carga de gás1R$ 250,50R$ 250,50',
    ]);
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });

  it("without lines: 'Nenhum registro'", () => {
    fakeApi({});
    renderAsUser(
      <LinesSection
        add={adding(equipmentKind)}
        lines={[]}
        columns={[nameColumn('Nome'), ...equipmentColumns({ foldOnPhone: true })]}
        editable
        removal={removal()}
      />,
    );
    const section = screen.getByRole('region', { name: 'Equipamentos' });
    expect(within(section).getByText('Nenhum registro')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Adicionar equipamento' })).toBeInTheDocument();
  });

  it('on a phone the lines stack as cards and the actions take their own row (no sideways scroll)', () => {
    renderServices({ onSave: vi.fn() });
    expect(screen.getByRole('table', { name: 'Serviços' })).toHaveClass('lines-table');
    const remove = screen.getByRole('button', { name: 'Remover Carga de gás' });
    expect(remove.closest('td')).toHaveClass('line-actions');
    // The word beside the icon shows only where the buttons share a card's width.
    expect(within(remove).getByText('Remover')).toHaveClass('d-sm-none');
  });

  it("removes a line after the kind's question, then toasts", async () => {
    const r = renderServices();
    await userEvent.click(screen.getByRole('button', { name: 'Remover Carga de gás' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover Carga de gás?' });
    expect(r.run).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remover' }));
    expect(await screen.findByText('Serviço removido')).toBeInTheDocument();
    expect(r.run).toHaveBeenCalledWith(services[1]);
    expect(r.failed).not.toHaveBeenCalled();
  });

  it('cancelling the question removes nothing', async () => {
    const r = renderServices();
    await userEvent.click(screen.getByRole('button', { name: 'Remover Limpeza de split' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(r.run).not.toHaveBeenCalled();
  });

  it("a refused removal goes to the kind's report, with no success toast", async () => {
    const err = new Error('refused');
    const r = renderServices({
      removal: removal({ question: () => null, run: vi.fn(async () => Promise.reject(err)) }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Remover Limpeza de split' }));
    await waitFor(() => expect(r.failed).toHaveBeenCalledWith(err));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Serviço removido')).not.toBeInTheDocument();
  });

  it("'Editar' only with onSave, on services and products; the modal saves the line's new values", async () => {
    const onSave = vi.fn(async () => ({}));
    renderServices({ onSave });
    await userEvent.click(screen.getByRole('button', { name: 'Editar Carga de gás' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Carga de gás' });
    const quantity = within(dialog).getByLabelText('Quantidade');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    // Only the quantity was changed: the price and description are left to whoever else changes them.
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(12, { quantity: 3 }));
    cleanup();

    renderAsUser(
      <LinesSection
        add={adding(equipmentKind)}
        lines={equipment}
        columns={[nameColumn('Equipamento'), ...equipmentColumns()]}
        editable
        removal={removal()}
        onSave={onSave}
      />,
    );
    expect(screen.getByRole('button', { name: 'Remover Split 12000' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Editar/ })).not.toBeInTheDocument();
  });

  it("'+ Adicionar' opens the kind's modal, which sends what the schema shapes", async () => {
    const onAdd = vi.fn(async () => ({}));
    renderServices({ onAdd });
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar serviço' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar serviço' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    expect(await within(dialog).findByText('Selecione o serviço')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Serviço' }));
    await userEvent.click(await within(dialog).findByRole('option', { name: 'Limpeza de split' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    await waitFor(() => expect(onAdd).toHaveBeenCalledWith({ service: 5 }));
    expect(await screen.findByText('Serviço adicionado com sucesso')).toBeInTheDocument();
  });
});
