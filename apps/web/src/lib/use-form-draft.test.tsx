import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { AuthProvider } from './auth.tsx';
import { ConfirmProvider } from '../components/confirm-dialog.tsx';
import { DraftNotice } from '../components/draft-notice.tsx';
import { LeaveGuard } from '../components/leave-guard.tsx';
import { fakeToken } from '../test/fake-api.tsx';
import { clearAllDrafts, draftStorageKey, useFormDraft, useStateDraft } from './use-form-draft.ts';

afterEach(() => {
  clearAllDrafts();
  sessionStorage.clear();
});

function NoteBox({ recordId }: { recordId: number }) {
  const [text, setText] = useState('');
  const draft = useStateDraft(['estimate', recordId, 'note'], [text, setText], '');
  return (
    <>
      <label htmlFor="note">Nota</label>
      <textarea id="note" value={text} onChange={(e) => setText(e.target.value)} />
      <DraftNotice draft={draft} />
      <button
        onClick={() => {
          draft.clear();
          setText('');
        }}
      >
        Salvar
      </button>
    </>
  );
}

function CustomerForm() {
  const form = useForm({ defaultValues: { name: '', email: '' } });
  const draft = useFormDraft(['customer', 'new'], form);
  return (
    <form>
      <label htmlFor="name">Nome</label>
      <input id="name" {...form.register('name')} />
      <DraftNotice draft={draft} />
    </form>
  );
}

/** The page inside a data router (the leave guard needs one) with a user logged in. */
function mount(page: React.ReactNode, userId = 1) {
  localStorage.setItem('jwt', fakeToken('admin', userId));
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <>
          <LeaveGuard />
          {page}
          <Link to="/other">Outra página</Link>
        </>
      ),
    },
    { path: '/other', element: <h1>Outra página</h1> },
  ]);
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
        <ConfirmProvider>
          <RouterProvider router={router} />
        </ConfirmProvider>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

describe('useStateDraft / useFormDraft', () => {
  it('keeps typed text under the user, organization and record, and restores it on the next mount', async () => {
    const first = mount(<NoteBox recordId={7} />);
    await userEvent.type(screen.getByLabelText('Nota'), 'Trocar o capacitor');
    const key = draftStorageKey('1', 1, ['estimate', 7, 'note']);
    await waitFor(() => expect(JSON.parse(sessionStorage.getItem(key)!)).toBe('Trocar o capacitor'));
    first.unmount();

    mount(<NoteBox recordId={7} />);
    expect(await screen.findByText('Rascunho restaurado')).toBeInTheDocument();
    expect(screen.getByLabelText('Nota')).toHaveValue('Trocar o capacitor');
  });

  it("does not give one record's or one user's draft to another", async () => {
    const first = mount(<NoteBox recordId={7} />);
    await userEvent.type(screen.getByLabelText('Nota'), 'Só do 7');
    first.unmount();
    const other = mount(<NoteBox recordId={8} />);
    expect(screen.getByLabelText('Nota')).toHaveValue('');
    other.unmount();
    mount(<NoteBox recordId={7} />, 2);
    expect(screen.getByLabelText('Nota')).toHaveValue('');
    expect(screen.queryByText('Rascunho restaurado')).toBeNull();
  });

  it('discarding empties the form and forgets the draft; saving forgets it too', async () => {
    sessionStorage.setItem(draftStorageKey('1', 1, ['estimate', 7, 'note']), JSON.stringify('velho'));
    const first = mount(<NoteBox recordId={7} />);
    expect(await screen.findByLabelText('Nota')).toHaveValue('velho');
    await userEvent.click(screen.getByRole('button', { name: 'Descartar rascunho' }));
    expect(screen.getByLabelText('Nota')).toHaveValue('');
    expect(screen.queryByText('Rascunho restaurado')).toBeNull();
    expect(sessionStorage.getItem(draftStorageKey('1', 1, ['estimate', 7, 'note']))).toBeNull();

    await userEvent.type(screen.getByLabelText('Nota'), 'novo');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    first.unmount();
    mount(<NoteBox recordId={7} />);
    expect(screen.getByLabelText('Nota')).toHaveValue('');
  });

  it('restores a react-hook-form form', async () => {
    const first = mount(<CustomerForm />);
    await userEvent.type(screen.getByLabelText('Nome'), 'Maria');
    first.unmount();
    mount(<CustomerForm />);
    expect(await screen.findByText('Rascunho restaurado')).toBeInTheDocument();
    expect(screen.getByLabelText('Nome')).toHaveValue('Maria');
  });

  it('asks before leaving the page while a form holds unsaved text, and not once it is saved', async () => {
    mount(<NoteBox recordId={7} />);
    await userEvent.type(screen.getByLabelText('Nota'), 'pela metade');
    await userEvent.click(screen.getByRole('link', { name: 'Outra página' }));
    expect(await screen.findByText('Sair sem salvar?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByText('Sair sem salvar?')).toBeNull());
    expect(screen.getByLabelText('Nota')).toHaveValue('pela metade');

    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await userEvent.click(screen.getByRole('link', { name: 'Outra página' }));
    expect(await screen.findByRole('heading', { name: 'Outra página' })).toBeInTheDocument();
  });

  it('leaves after the user confirms, keeping the draft for the next visit', async () => {
    mount(<NoteBox recordId={7} />);
    await userEvent.type(screen.getByLabelText('Nota'), 'guardado');
    await userEvent.click(screen.getByRole('link', { name: 'Outra página' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sair' }));
    expect(await screen.findByRole('heading', { name: 'Outra página' })).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem(draftStorageKey('1', 1, ['estimate', 7, 'note']))!)).toBe('guardado');
  });
});
