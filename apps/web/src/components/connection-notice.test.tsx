import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client.ts';
import { DataTable } from './data-table.tsx';
import { ConnectionNotice, useNoConnection } from './connection-notice.tsx';

function List() {
  const list = useQuery({ queryKey: ['things'], queryFn: () => api.get<{ data: { id: number }[] }>('/things') });
  return (
    <DataTable
      columns={[{ header: 'Id', cell: (r: { id: number }) => r.id }]}
      rows={list.data?.data}
      rowKey={(r) => r.id}
      isLoading={list.isPending}
    />
  );
}

describe('a list without connection', () => {
  it('says "Sem conexão" instead of loading or "Nenhum registro", and recovers with \'Tentar novamente\'', async () => {
    let online = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        if (!online) throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify({ data: [{ id: 41 }] }), { status: 200 });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, networkMode: 'always' } } });
    render(
      <QueryClientProvider client={client}>
        <List />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Sem conexão')).toBeInTheDocument();
    expect(screen.queryByText('Nenhum registro')).toBeNull();
    online = true;
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('cell', { name: '41' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Sem conexão')).toBeNull());
    vi.unstubAllGlobals();
  });
});

function Card() {
  const card = useQuery({ queryKey: ['card'], queryFn: () => api.get<{ total: number }>('/card') });
  const offline = useNoConnection(card);
  if (offline) return <ConnectionNotice compact />;
  return card.isPending ? <p>Carregando...</p> : <p>Total {card.data?.total}</p>;
}

describe('a part of a screen without connection (a card, a tab, comments)', () => {
  it('says "Sem conexão" instead of "Carregando..." and comes back with \'Tentar novamente\'', async () => {
    let online = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        if (!online) throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify({ total: 7 }), { status: 200 });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, networkMode: 'always' } } });
    render(
      <QueryClientProvider client={client}>
        <Card />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Sem conexão')).toBeInTheDocument();
    expect(screen.queryByText('Carregando...')).toBeNull();
    online = true;
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Total 7')).toBeInTheDocument();
    vi.unstubAllGlobals();
  });
});
