import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { estimateMessages } from '@ordem-certa/contracts';
import { fakeApi, renderAsUser } from '../../../test/fake-api.tsx';
import { NotesSection } from './notes-section.tsx';

const base = '/api/organizations/1/estimates/3';
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const notes = [
  { id: 1, comment: 'Validade: 15 dias', type: 1, createdAt: '2026-11-19T13:00:00.000Z', userName: 'Ana' },
  { id: 2, comment: 'Margem apertada', type: 2, createdAt: '2026-11-19T14:00:00.000Z', userName: 'Ana' },
];

describe('NotesSection', () => {
  it('general and internal notes in their own cards, each with its hint', async () => {
    fakeApi({ [`GET ${base}/comments`]: () => ({ data: notes }) });
    renderAsUser(<NotesSection estimateId={3} />);
    const general = screen.getByRole('region', { name: 'Observações gerais' });
    const internal = screen.getByRole('region', { name: 'Observações internas' });
    expect(general).toHaveTextContent('Saem no PDF e no e-mail.');
    expect(internal).toHaveTextContent('Só a equipe vê.');
    expect(await within(general).findByText('Validade: 15 dias')).toBeInTheDocument();
    expect(within(internal).getByText('Margem apertada')).toBeInTheDocument();
    expect(within(general).queryByText('Margem apertada')).not.toBeInTheDocument();
  });

  it("'Adicionar' sends the note with its card's type and says 'Observação registrada'", async () => {
    const calls = fakeApi({
      [`GET ${base}/comments`]: () => ({ data: [] }),
      [`POST ${base}/comments`]: (body) => ({ id: 9, ...(body as object) }),
    });
    renderAsUser(<NotesSection estimateId={3} />);
    const internal = screen.getByRole('region', { name: 'Observações internas' });
    await userEvent.click(within(internal).getByRole('button', { name: 'Adicionar' }));
    expect(await within(internal).findByText('Informe o comentário')).toBeInTheDocument();
    await userEvent.type(within(internal).getByRole('textbox', { name: 'Observações internas' }), 'Ligar sexta');
    await userEvent.click(within(internal).getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText('Observação registrada')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ comment: 'Ligar sexta', type: 2 }]);
  });

  it("'Remover' asks with the dialog's own words; a refusal shows the estimate's text", async () => {
    const calls = fakeApi({
      [`GET ${base}/comments`]: () => ({ data: notes }),
      [`DELETE ${base}/comments/1`]: () => ({ status: 404, body: {} }),
    });
    renderAsUser(<NotesSection estimateId={3} />);
    const general = screen.getByRole('region', { name: 'Observações gerais' });
    await userEvent.click(await within(general).findByRole('button', { name: 'Remover' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tem certeza?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText(estimateMessages.removeFailed('comentário'))).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`${base}/comments/1`]),
    );
  });
});
