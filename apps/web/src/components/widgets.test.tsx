import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render.tsx';
import { useConfirm } from './confirm-dialog.tsx';
import { FilterPopover } from './filter-popover.tsx';
import { PaginationBar } from './pagination-bar.tsx';
import { SearchableSelect, type Option } from './searchable-select.tsx';

describe('PaginationBar', () => {
  it('shows the real range and total and moves between pages', async () => {
    const onChange = vi.fn();
    renderWithProviders(<PaginationBar meta={{ total: 120, skip: 25, take: 25 }} onChange={onChange} />);
    expect(screen.getByText('26–50 de 120 registros')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(onChange).toHaveBeenLastCalledWith({ skip: 50, take: 25 });
    await userEvent.click(screen.getByText('5'));
    expect(onChange).toHaveBeenLastCalledWith({ skip: 100, take: 25 });
    await userEvent.selectOptions(screen.getByLabelText('Registros por página'), '50');
    expect(onChange).toHaveBeenLastCalledWith({ skip: 0, take: 50 });
  });
});

describe('FilterPopover', () => {
  it("shows the badge count and applies the draft only on 'Filtrar'", async () => {
    const onApply = vi.fn();
    const onClear = vi.fn();
    renderWithProviders(
      <FilterPopover value={{ q: '' }} count={2} onApply={onApply} onClear={onClear}>
        {(draft, setDraft) => (
          <input aria-label="Pesquisar" value={draft.q} onChange={(e) => setDraft({ q: e.target.value })} />
        )}
      </FilterPopover>,
    );
    expect(screen.getByTestId('filter-count')).toHaveTextContent('2');
    await userEvent.click(screen.getByRole('button', { name: /Filtros/ }));
    await userEvent.type(screen.getByLabelText('Pesquisar'), 'maria');
    expect(onApply).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(onApply).toHaveBeenCalledWith({ q: 'maria' });
    await userEvent.click(screen.getByRole('button', { name: /Filtros/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(onClear).toHaveBeenCalledOnce();
  });
});

function ConfirmProbe({ onAnswer }: { onAnswer(ok: boolean): void }) {
  const confirm = useConfirm();
  return <button onClick={async () => onAnswer(await confirm())}>Remover</button>;
}

describe('confirmation dialog', () => {
  it("asks 'Essa ação não poderá ser desfeita' and resolves with the answer", async () => {
    const onAnswer = vi.fn();
    renderWithProviders(<ConfirmProbe onAnswer={onAnswer} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remover' }));
    // The dialog's code is loaded with the first question.
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(within(dialog).getByText('Essa ação não poderá ser desfeita')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith(true));
    await userEvent.click(screen.getByRole('button', { name: 'Remover' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(onAnswer).toHaveBeenLastCalledWith(false));
  });
});

function SelectProbe({ load }: { load(q: string): Promise<Option[]> }) {
  const [value, setValue] = useState<Option | null>(null);
  return (
    <>
      <SearchableSelect
        queryKey={['probe']}
        loadOptions={load}
        value={value}
        onChange={setValue}
        aria-label="Cliente"
      />
      <output>{value?.label ?? 'nenhum'}</output>
    </>
  );
}

describe('SearchableSelect', () => {
  it('searches the server as the user types and picks an option; list capped at 200 px', async () => {
    const load = vi.fn(async (q: string) =>
      [
        { value: 1, label: 'João da Silva' },
        { value: 2, label: 'Maria Souza' },
      ].filter((o) => o.label.toLowerCase().includes(q.toLowerCase())),
    );
    renderWithProviders(<SelectProbe load={load} />);
    const input = screen.getByRole('combobox', { name: 'Cliente' });
    await userEvent.click(input);
    const list = await screen.findByRole('listbox');
    expect(list).toHaveStyle({ maxHeight: '200px' });
    await userEvent.type(input, 'mar');
    await waitFor(() => expect(load).toHaveBeenCalledWith('mar'));
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    await userEvent.click(screen.getByRole('option', { name: 'Maria Souza' }));
    expect(screen.getByRole('status')).toHaveTextContent('Maria Souza');
  });
});
