import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { importMessages } from '@ordem-certa/contracts';
import { renderAsUser } from '../../../test/fake-api.tsx';
import { ImportPage } from './import-page.tsx';

afterEach(() => vi.unstubAllGlobals());

/** The server: the import's POST held (another import of the organization runs), the queue as given. */
function server(queue: { running: number; waiting: number }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = new URL(input, 'http://localhost').pathname;
      if ((init.method ?? 'GET') === 'POST' && path.endsWith('/import/customers')) return new Promise(() => undefined);
      if (path.endsWith('/import/queue')) return new Response(JSON.stringify(queue), { status: 200 });
      return new Response(JSON.stringify({ errors: ['not found'] }), { status: 404 });
    }),
  );
}

describe('ImportPage while the import waits its turn', () => {
  it('says it is in the queue instead of checking', async () => {
    server({ running: 1, waiting: 1 });
    renderAsUser(<ImportPage />);
    const file = new File(['Nome;CPF\nAna;52998224725\n'], 'planilha.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByLabelText('Planilha (CSV ou XLSX, até 10 MB)'), file);
    expect(await screen.findByText(importMessages.waiting)).toBeInTheDocument();
    expect(screen.queryByText('Conferindo a planilha…')).not.toBeInTheDocument();
  });

  it('an import that runs says it is checking', async () => {
    server({ running: 1, waiting: 0 });
    renderAsUser(<ImportPage />);
    const file = new File(['Nome;CPF\nAna;52998224725\n'], 'planilha.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByLabelText('Planilha (CSV ou XLSX, até 10 MB)'), file);
    expect(await screen.findByText('Conferindo a planilha…')).toBeInTheDocument();
    expect(screen.queryByText(importMessages.waiting)).not.toBeInTheDocument();
  });
});
