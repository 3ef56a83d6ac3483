import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { invoiceMessages, paperworkMessages } from '@ordem-certa/contracts';
import { fakeApi, renderAsUser } from '../../../test/fake-api.tsx';
import { invoiceFixture } from '../test/invoice-fixture.ts';
import { TagsCard } from './tags-card.tsx';

const base = '/api/organizations/1/invoices/7';
afterEach(() => vi.unstubAllGlobals());

const tags = [
  { tagId: 4, name: 'Urgente', color: 'dc3545' },
  { tagId: 5, name: 'Garantia', color: '0d6efd' },
];
const available = [
  { id: 8, name: 'Retorno', color: 'ffc107' },
  { id: 9, name: 'Contrato', color: '198754' },
];

const tagsInvoice = () => invoiceFixture({ invoiceTags: tags });

describe('TagsCard', () => {
  it('lists the tags in their colours', () => {
    fakeApi({});
    renderAsUser(<TagsCard invoice={tagsInvoice()} editable={false} />);
    const list = screen.getByRole('list', { name: 'Etiquetas da ordem de serviço' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Urgente', 'Garantia']);
    expect(within(list).getByText('Urgente')).toHaveStyle({ backgroundColor: '#dc3545' });
    expect(screen.queryByRole('button', { name: 'Adicionar etiqueta' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remover etiqueta/ })).not.toBeInTheDocument();
  });

  it("without tags: 'Nenhuma etiqueta'", () => {
    fakeApi({});
    renderAsUser(<TagsCard invoice={invoiceFixture()} editable />);
    expect(screen.getByText('Nenhuma etiqueta')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Adicionar etiqueta' })).toBeInTheDocument();
  });

  it('adds a tag searched among the available ones', async () => {
    const calls = fakeApi({
      [`GET ${base}/tags/available`]: (_b, url) => {
        const q = (url.searchParams.get('q') ?? '').toLowerCase();
        const data = available.filter((t) => t.name.toLowerCase().includes(q));
        return { data, meta: { total: data.length, skip: 0, take: 20 } };
      },
      [`POST ${base}/tags/9`]: () => ({ tagId: 9, name: 'Contrato', color: '198754' }),
    });
    renderAsUser(<TagsCard invoice={tagsInvoice()} editable />);
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar etiqueta' }));
    const modal = await screen.findByRole('dialog', { name: 'Adicionar etiqueta' });
    const select = within(modal).getByRole('combobox', { name: 'Etiqueta' });
    await userEvent.click(select);
    expect(await within(modal).findByRole('option', { name: 'Retorno' })).toBeInTheDocument();
    await userEvent.type(select, 'contr');
    // The search is debounced: on a slow machine the keystrokes may come further apart than the
    // debounce, so 'c' or 'co' may be searched first (and already hide 'Retorno'). Wait for the whole word.
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === `${base}/tags/available`)
          .at(-1)
          ?.url.searchParams.get('q'),
      ).toBe('contr'),
    );
    await waitFor(() => expect(within(modal).queryByRole('option', { name: 'Retorno' })).not.toBeInTheDocument());
    await userEvent.click(within(modal).getByRole('option', { name: 'Contrato' }));
    await userEvent.click(within(modal).getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText(paperworkMessages.tagAdded)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`${base}/tags/9`]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Opened again, the modal starts empty.
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar etiqueta' }));
    const again = await screen.findByRole('dialog', { name: 'Adicionar etiqueta' });
    expect(within(again).getByRole('combobox', { name: 'Etiqueta' })).toHaveValue('');
  });

  it("submitting with no tag chosen says 'Selecione a etiqueta' and sends nothing", async () => {
    const calls = fakeApi({
      [`GET ${base}/tags/available`]: () => ({ data: available, meta: { total: 2, skip: 0, take: 20 } }),
    });
    renderAsUser(<TagsCard invoice={tagsInvoice()} editable />);
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar etiqueta' }));
    const modal = await screen.findByRole('dialog', { name: 'Adicionar etiqueta' });
    await userEvent.click(within(modal).getByRole('button', { name: 'Adicionar' }));
    expect(await within(modal).findByText(paperworkMessages.tagRequired)).toBeInTheDocument();
    expect(within(modal).getByRole('combobox', { name: 'Etiqueta' })).toHaveClass('is-invalid');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    // Choosing one clears the message.
    await userEvent.click(within(modal).getByRole('combobox', { name: 'Etiqueta' }));
    await userEvent.click(await within(modal).findByRole('option', { name: 'Retorno' }));
    expect(within(modal).queryByText(paperworkMessages.tagRequired)).not.toBeInTheDocument();
  });

  it('a refused addition shows the server message and keeps the modal open', async () => {
    fakeApi({
      [`GET ${base}/tags/available`]: () => ({ data: available, meta: { total: 2, skip: 0, take: 20 } }),
      [`POST ${base}/tags/8`]: () => ({ status: 409, body: { errors: [paperworkMessages.tagAlreadyOnInvoice] } }),
    });
    renderAsUser(<TagsCard invoice={tagsInvoice()} editable />);
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar etiqueta' }));
    const modal = await screen.findByRole('dialog', { name: 'Adicionar etiqueta' });
    await userEvent.click(within(modal).getByRole('combobox', { name: 'Etiqueta' }));
    await userEvent.click(await within(modal).findByRole('option', { name: 'Retorno' }));
    await userEvent.click(within(modal).getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText(paperworkMessages.tagAlreadyOnInvoice)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Adicionar etiqueta' })).toBeInTheDocument();
    expect(screen.queryByText(paperworkMessages.tagAdded)).not.toBeInTheDocument();
  });

  it('removes a tag after confirmation', async () => {
    const calls = fakeApi({ [`DELETE ${base}/tags/5`]: () => ({}) });
    renderAsUser(<TagsCard invoice={tagsInvoice()} editable />);
    await userEvent.click(screen.getByRole('button', { name: 'Remover etiqueta Garantia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover a etiqueta Garantia?' });
    expect(calls).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remover' }));
    expect(await screen.findByText(paperworkMessages.tagRemoved)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`${base}/tags/5`]);
  });

  it('cancelling the removal deletes nothing', async () => {
    const calls = fakeApi({ [`DELETE ${base}/tags/5`]: () => ({}) });
    renderAsUser(<TagsCard invoice={tagsInvoice()} editable />);
    await userEvent.click(screen.getByRole('button', { name: 'Remover etiqueta Garantia' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);
  });

  it('a failed removal shows the fixed pt-BR text', async () => {
    fakeApi({ [`DELETE ${base}/tags/5`]: () => ({ status: 404, body: { errors: [paperworkMessages.tagNotFound] } }) });
    renderAsUser(<TagsCard invoice={tagsInvoice()} editable />);
    await userEvent.click(screen.getByRole('button', { name: 'Remover etiqueta Garantia' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remover' }));
    const text = 'Houve um problema ao tentar remover a etiqueta da Ordem de Serviço. Tente novamente.';
    expect(invoiceMessages.removeFailed('etiqueta')).toBe(text);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByText(paperworkMessages.tagRemoved)).not.toBeInTheDocument();
  });
});
