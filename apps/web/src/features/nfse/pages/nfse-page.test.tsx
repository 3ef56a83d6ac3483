import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NfseListResponse } from '@ordem-certa/contracts';
import { fakeApi, renderAsUser } from '../../../test/fake-api.tsx';
import { NfsePage } from './nfse-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const list: NfseListResponse = {
  data: [
    {
      id: 3,
      invoiceId: 70,
      invoiceNumber: 12,
      number: '41',
      accessKey: '3'.repeat(50),
      status: 'issued',
      environment: 'homologation',
      at: '2026-11-25T13:00:00.000Z',
      customerName: 'Condomínio Aurora',
      companyName: 'Oficina',
      service: 1000,
      iss: 20,
      issWithheld: true,
      withheld: 81.5,
      net: 918.5,
      replacesNumber: '40',
    },
  ],
  meta: { total: 2, skip: 0, take: 25, totals: { issued: 1, service: 1000, iss: 20, withheld: 81.5, net: 918.5 } },
};

describe('NfsePage', () => {
  it('lists the notes with the totals of the valid ones; the status tabs and the filter ask the server', async () => {
    const calls = fakeApi({
      'GET /api/organizations/1/nfse': () => list,
      'GET /api/organizations/1/nfse/accountant': () => ({ email: null, day: 5, last: null }),
    });
    renderAsUser(<NfsePage />);
    const totals = await screen.findByTestId('nfse-totals');
    expect(totals).toHaveTextContent('2 notas · 1 válidas');
    expect(totals).toHaveTextContent('Retenções R$ 81,50');
    expect(totals).toHaveTextContent('Líquido R$ 918,50');
    const table = screen.getAllByRole('table')[0]!;
    expect(within(table).getByText('substitui 40')).toBeInTheDocument();
    expect(within(table).getByText('R$ 20,00 (retido)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Canceladas' }));
    await vi.waitFor(() =>
      expect(calls.some((c) => c.path.endsWith('/nfse') && c.url.searchParams.get('status') === 'canceled')).toBe(true),
    );
    const first = calls.find((c) => c.path.endsWith('/nfse'))!;
    expect(first.url.searchParams.get('month')).toMatch(/^\d{4}-\d{2}$/);
  });

  it("saves the accountant's e-mail and day", async () => {
    const calls = fakeApi({
      'GET /api/organizations/1/nfse': () => list,
      'GET /api/organizations/1/nfse/accountant': () => ({
        email: null,
        day: 5,
        last: { month: '2026-10', status: 'sent', at: '2026-11-05T12:00:00.000Z', error: null },
      }),
      'PUT /api/organizations/1/nfse/accountant': (body) => ({ ...(body as object), last: null }),
    });
    renderAsUser(<NfsePage />);
    expect(await screen.findByTestId('accountant-last')).toHaveTextContent('Último envio: 10/2026, enviado');
    await userEvent.type(screen.getByLabelText('E-mail do contador'), 'contador@escritorio.com.br');
    await userEvent.selectOptions(screen.getByLabelText('Dia do envio'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ email: 'contador@escritorio.com.br', day: 10 });
  });
});
