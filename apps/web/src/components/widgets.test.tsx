import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render.tsx';
import { AppModal } from './app-modal.tsx';
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

describe('screen-reader texts are pt-BR', () => {
  it("pagination says 'Anterior' and 'Próxima', never Previous/Next", () => {
    const { container } = renderWithProviders(
      <PaginationBar meta={{ total: 120, skip: 25, take: 25 }} onChange={vi.fn()} />,
    );
    expect(container.textContent).toContain('Anterior');
    expect(container.textContent).toContain('Próxima');
    expect(container.textContent).not.toMatch(/Previous|Next/);
  });

  it("a modal's close button is 'Fechar'", async () => {
    renderWithProviders(
      <AppModal show onHide={vi.fn()} title="Teste">
        corpo
      </AppModal>,
    );
    expect(await screen.findByRole('button', { name: 'Fechar' })).toBeInTheDocument();
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

  it("'Filtros' clicked while the popover is still fading out after 'Filtrar' opens it", async () => {
    renderWithProviders(
      <FilterPopover value={{ q: '' }} count={0} onApply={vi.fn()} onClear={vi.fn()}>
        {() => <input aria-label="Pesquisar" />}
      </FilterPopover>,
    );
    const toggle = screen.getByRole('button', { name: /Filtros/ });
    await userEvent.click(toggle);
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    // Closed, but still on the page for its fade-out when the next click comes.
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.querySelector('.filter-popover')).not.toBeNull();
    fireEvent.mouseDown(toggle);
    fireEvent.mouseUp(toggle);
    fireEvent.click(toggle);
    await act(async () => {});
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByLabelText('Pesquisar')).toBeVisible();
    // The button still closes it.
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
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

  it('in a modal: Esc closes the open list first, the modal only on a second Esc; inline lists push content down', async () => {
    const onHide = vi.fn();
    renderWithProviders(
      <AppModal show onHide={onHide} title="Adicionar produto">
        <SearchableSelect
          aria-label="Produto"
          queryKey={['esc-test']}
          loadOptions={async () => [{ value: 1, label: 'Filtro' }]}
          value={null}
          onChange={vi.fn()}
          inline
        />
        <input aria-label="Quantidade" />
      </AppModal>,
    );
    const input = await screen.findByRole('combobox', { name: 'Produto' });
    await userEvent.click(input);
    const list = await screen.findByRole('listbox');
    expect(list).not.toHaveClass('position-absolute');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onHide).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(onHide).toHaveBeenCalledOnce();
  });
});
