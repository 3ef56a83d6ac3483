import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderAsUser } from '../../../test/fake-api.tsx';
import { invoiceFixture } from '../test/invoice-fixture.ts';
import { VisitCard } from './visit-card.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('VisitCard', () => {
  it.each(['admin', 'worker'] as const)(
    '%s: phone to dial, e-mail, the address with a map link, time and problem',
    (role) => {
      fakeApi({});
      renderAsUser(<VisitCard invoice={invoiceFixture()} editable={role === 'admin'} />, role);
      const card = screen.getByRole('region', { name: 'Atendimento' });
      expect(within(card).getByRole('link', { name: '(11) 98765-4321' })).toHaveAttribute('href', 'tel:+5511987654321');
      expect(within(card).getByRole('link', { name: 'maria@example.com.br' })).toHaveAttribute(
        'href',
        'mailto:maria@example.com.br',
      );
      const address = 'Rua das Flores, 120, Apto 31 - Centro - São Paulo/SP - CEP 01310-100';
      expect(card).toHaveTextContent(address);
      expect(within(card).getByRole('link', { name: 'Abrir no mapa' })).toHaveAttribute(
        'href',
        `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`,
      );
      expect(card).toHaveTextContent(/25\/11\/2026,? 09:30/);
      expect(card).toHaveTextContent('Split da sala não gela e pinga água');
      expect(within(card).queryByRole('button', { name: 'Alterar' }) !== null).toBe(role === 'admin');
    },
  );

  it('says what is missing instead of showing empty rows', () => {
    fakeApi({});
    renderAsUser(
      <VisitCard
        invoice={invoiceFixture({
          customerPhone: null,
          customerEmail: null,
          address: null,
          scheduledAt: null,
          reportedProblem: null,
        })}
        editable={false}
      />,
      'worker',
    );
    expect(screen.getAllByText('Não informado')).toHaveLength(5);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('admin: edits problem, time (shop time zone) and address, and sends them', async () => {
    const calls = fakeApi({
      'GET /api/organizations/1/customers/3/addresses': () => ({
        data: [
          invoiceFixture().address,
          {
            id: 6,
            address: 'Av. Paulista',
            number: 1000,
            complement: null,
            neighborhood: null,
            city: null,
            state: null,
            postalCode: null,
          },
        ],
        meta: { total: 2, skip: 0, take: 100 },
      }),
      'POST /api/organizations/1/invoices/7/visit': () => invoiceFixture(),
    });
    renderAsUser(<VisitCard invoice={invoiceFixture()} editable />, 'admin');
    await userEvent.click(screen.getByRole('button', { name: 'Alterar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alterar atendimento' });
    const problem = within(dialog).getByLabelText('Problema relatado');
    expect(problem).toHaveValue('Split da sala não gela e pinga água');
    await userEvent.clear(problem);
    await userEvent.type(problem, 'Compressor não parte');
    // Date and time in pt-BR fields: dd/mm/aaaa and HH:mm.
    const when = within(dialog).getByLabelText('Agendada para');
    const time = within(dialog).getByLabelText('Hora');
    expect(when).toHaveValue('25/11/2026');
    expect(time).toHaveValue('09:30');
    await userEvent.clear(when);
    await userEvent.type(when, '01/12/2026');
    await userEvent.clear(time);
    await userEvent.type(time, '14:15');
    const select = within(dialog).getByLabelText('Endereço do atendimento');
    await within(dialog).findByRole('option', { name: 'Av. Paulista, 1000' });
    await userEvent.selectOptions(select, 'Av. Paulista, 1000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Atendimento registrado com sucesso')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      reportedProblem: 'Compressor não parte',
      scheduledAt: '2026-12-01T17:15:00.000Z',
      address: 6,
    });
  });
});
