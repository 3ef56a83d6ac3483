import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paperworkMessages } from '@ordem-certa/contracts';
import { ApiError } from '../../lib/api-client.ts';
import { fakeApi, renderAsUser } from '../../test/fake-api.tsx';
import { TagsCard, type TagAdding } from './tags-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const tags = [
  { tagId: 4, name: 'Urgente', color: 'dc3545' },
  { tagId: 5, name: 'Garantia', color: '0d6efd' },
];

const inline = (add: TagAdding['add']): TagAdding => ({
  with: 'inline',
  optionsKey: ['test', 'tags'],
  loadOptions: async () => [
    { value: 8, label: 'Retorno' },
    { value: 9, label: 'Contrato' },
  ],
  add,
  failed: 'Não foi possível adicionar a etiqueta',
});

const removal = () => ({
  question: () => null,
  run: vi.fn(async () => ({})),
  removed: 'A etiqueta foi removida',
  failed: vi.fn(),
});

describe('TagsCard (shared)', () => {
  it("read-only: the tags in their colours, no '×' and no picker", () => {
    fakeApi({});
    renderAsUser(<TagsCard tags={tags} editable={false} adding={inline(vi.fn())} removal={removal()} />);
    const card = screen.getByRole('region', { name: 'Etiquetas' });
    expect(within(card).getByText('Urgente')).toHaveStyle({ backgroundColor: '#dc3545' });
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(within(card).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('inline: the picked tag is added at once, toasted, and the picker empties', async () => {
    fakeApi({});
    const add = vi.fn(async () => ({}));
    renderAsUser(<TagsCard tags={[]} editable adding={inline(add)} removal={removal()} />);
    expect(screen.getByText('Nenhuma etiqueta')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Adicionar etiqueta' })).not.toBeInTheDocument();
    const picker = screen.getByRole('combobox', { name: 'Adicionar etiqueta' });
    await userEvent.click(picker);
    await userEvent.click(await screen.findByRole('option', { name: 'Contrato' }));
    await waitFor(() => expect(add).toHaveBeenCalledWith(9));
    expect(await screen.findByText(paperworkMessages.tagAdded)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Adicionar etiqueta' })).toHaveValue('');
  });

  it("inline: a refusal without the server's words shows the kind's text", async () => {
    fakeApi({});
    const add = vi.fn(async () => Promise.reject(new ApiError(409, {})));
    renderAsUser(<TagsCard tags={[]} editable adding={inline(add)} removal={removal()} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Adicionar etiqueta' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Retorno' }));
    expect(await screen.findByText('Não foi possível adicionar a etiqueta')).toBeInTheDocument();
    expect(screen.queryByText(paperworkMessages.tagAdded)).not.toBeInTheDocument();
  });

  it('a removal with no question goes at once and toasts', async () => {
    fakeApi({});
    const r = removal();
    renderAsUser(<TagsCard tags={tags} editable adding={inline(vi.fn())} removal={r} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remover etiqueta Garantia' }));
    expect(await screen.findByText('A etiqueta foi removida')).toBeInTheDocument();
    expect(r.run).toHaveBeenCalledWith(tags[1]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
