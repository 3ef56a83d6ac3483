import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';
import { renderWithProviders } from '../test/render.tsx';
import { RegisterEditPage } from './register-edit-page.tsx';

function ProductScreen({ id, load }: { id: number; load(): Promise<{ name: string }> }) {
  const record = useQuery({ queryKey: ['product', id], queryFn: load });
  return (
    <RegisterEditPage id={id} record={record} what="o produto" title={(p) => `Editar ${p.name}`}>
      {(p) => <p>Formulário de {p.name}</p>}
    </RegisterEditPage>
  );
}

describe('RegisterEditPage', () => {
  it('shows the title and the form once the record has come', async () => {
    renderWithProviders(<ProductScreen id={7} load={async () => ({ name: 'Gás' })} />);
    expect(await screen.findByRole('heading', { name: 'Editar Gás' })).toBeInTheDocument();
    expect(screen.getByText('Formulário de Gás')).toBeInTheDocument();
  });

  it('a record the server does not find is the not-found page, as for orders and estimates', async () => {
    renderWithProviders(<ProductScreen id={7} load={() => Promise.reject(new ApiError(404, {}))} />);
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeInTheDocument();
  });

  it('an id that is no record’s is the not-found page', () => {
    renderWithProviders(<ProductScreen id={Number('abc')} load={async () => ({ name: 'Gás' })} />);
    expect(screen.getByRole('heading', { name: 'Página não encontrada' })).toBeInTheDocument();
  });

  it('another failure names what could not be loaded', async () => {
    renderWithProviders(<ProductScreen id={7} load={() => Promise.reject(new ApiError(500, {}))} />);
    expect(await screen.findByText('Não foi possível carregar o produto. Tente novamente.')).toBeInTheDocument();
  });
});

describe('RecordFallback without a connection', () => {
  it('a request that never reached the server says "Sem conexão" with a retry', async () => {
    renderWithProviders(<ProductScreen id={7} load={() => Promise.reject(new ApiError(0, {}))} />);
    expect(await screen.findByText('Sem conexão')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});
