import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addCommentBody, CommentType } from '@ordem-certa/contracts';
import { ApiError } from '../../lib/api-client.ts';
import { fakeApi, renderAsUser } from '../../test/fake-api.tsx';
import { CommentEntries } from './comment-entries.tsx';
import { CommentForm } from './comment-form.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const comments = [
  { id: 1, comment: 'Portão azul.\nLigar antes.', createdAt: '2026-11-20T13:00:00.000Z', userName: 'Ana', userId: 1 },
  { id: 2, comment: 'Peça chega amanhã', createdAt: '2026-11-20T14:30:00.000Z', userName: 'Teo', userId: 2 },
];

describe('CommentEntries', () => {
  it('lists each comment with its author and time; only the removable ones offer removal', async () => {
    const onRemove = vi.fn(async () => {});
    renderAsUser(
      <CommentEntries
        comments={comments}
        label="Comentários Geral"
        canRemove={(c) => c.userId === 1}
        onRemove={onRemove}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Comentários Geral' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Ana · 20/11/2026, 10:00Portão azul.\nLigar antes.',
      'Teo · 20/11/2026, 11:30Peça chega amanhã',
    ]);
    expect(within(items[1]!).queryByRole('button')).not.toBeInTheDocument();
    await userEvent.click(within(items[0]!).getByRole('button', { name: 'Remover comentário' }));
    expect(onRemove).toHaveBeenCalledWith(comments[0]);
  });

  it('with removeText the button says that word', async () => {
    const onRemove = vi.fn(async () => {});
    renderAsUser(
      <CommentEntries
        comments={comments}
        label="Notas"
        canRemove={() => true}
        onRemove={onRemove}
        removeText="Remover"
      />,
    );
    const buttons = screen.getAllByRole('button', { name: 'Remover' });
    expect(buttons.map((b) => b.textContent)).toEqual(['Remover', 'Remover']);
    await userEvent.click(buttons[1]!);
    expect(onRemove).toHaveBeenCalledWith(comments[1]);
  });

  it('an empty list shows emptyText, or nothing', () => {
    const { unmount } = renderAsUser(
      <div data-testid="notes">
        <CommentEntries comments={[]} label="Notas" canRemove={() => true} onRemove={vi.fn()} />
      </div>,
    );
    expect(screen.getByTestId('notes')).toBeEmptyDOMElement();
    unmount();
    renderAsUser(
      <CommentEntries
        comments={[]}
        label="Notas"
        canRemove={() => true}
        onRemove={vi.fn()}
        emptyText="Nenhum comentário"
      />,
    );
    expect(screen.getByText('Nenhum comentário')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});

describe('CommentForm', () => {
  const renderForm = (onAdd: (body: unknown) => Promise<unknown>, checkOnBlur = false) =>
    renderAsUser(
      <>
        <CommentForm
          schema={addCommentBody}
          type={CommentType.Technical}
          draftKey={['invoice', 7, 'comment', CommentType.Technical]}
          label="Novo comentário Técnico"
          placeholder="Escreva um comentário"
          submitLabel="Comentar"
          added="Comentário adicionado com sucesso"
          checkOnBlur={checkOnBlur}
          onAdd={onAdd}
        />
        <button type="button">fora</button>
      </>,
    );

  it('sends the text with its type, toasts and empties the box', async () => {
    fakeApi({});
    const onAdd = vi.fn(async () => ({}));
    renderForm(onAdd);
    const box = screen.getByRole('textbox', { name: 'Novo comentário Técnico' });
    await userEvent.type(box, '  Trocado o capacitor  ');
    await userEvent.click(screen.getByRole('button', { name: 'Comentar' }));
    await waitFor(() => expect(onAdd).toHaveBeenCalledWith({ comment: 'Trocado o capacitor', type: 2 }));
    expect(await screen.findByText('Comentário adicionado com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it("an empty box says 'Informe o comentário' and sends nothing; on blur only with checkOnBlur", async () => {
    fakeApi({});
    const onAdd = vi.fn(async () => ({}));
    const { unmount } = renderForm(onAdd);
    await userEvent.click(screen.getByRole('textbox'));
    await userEvent.click(screen.getByRole('button', { name: 'fora' }));
    expect(screen.queryByText('Informe o comentário')).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Comentar' }));
    expect(await screen.findByText('Informe o comentário')).toBeInTheDocument();
    expect(screen.getByRole('textbox')).toHaveClass('is-invalid');
    expect(onAdd).not.toHaveBeenCalled();
    unmount();

    renderForm(onAdd, true);
    await userEvent.click(screen.getByRole('textbox'));
    await userEvent.click(screen.getByRole('button', { name: 'fora' }));
    expect(await screen.findByText('Informe o comentário')).toBeInTheDocument();
  });

  it("a 422 goes under the box, the server's messages joined", async () => {
    fakeApi({});
    const onAdd = vi.fn(async () => {
      throw new ApiError(422, { errors: { comment: ['Muito longo'], type: ['Tipo de comentário inválido'] } });
    });
    renderForm(onAdd);
    await userEvent.type(screen.getByRole('textbox'), 'Texto');
    await userEvent.click(screen.getByRole('button', { name: 'Comentar' }));
    expect(await screen.findByText('Muito longo. Tipo de comentário inválido')).toBeInTheDocument();
    expect(screen.getByRole('textbox')).toHaveValue('Texto');
  });
});
