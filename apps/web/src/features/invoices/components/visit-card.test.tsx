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
      version: 1,
      address: 6,
    });
  });
});

describe('VisitCard: saved by someone else meanwhile', () => {
  const conflict = (current: Record<string, unknown>) => ({
    status: 409,
    body: {
      errors: ['Este registro foi alterado por outra pessoa'],
      conflict: { version: 2, changed: ['reportedProblem'], current },
    },
  });
  const byOther = {
    reportedProblem: 'Texto de A',
    scheduledAt: '2026-11-25T22:30:00.000Z',
    address: invoiceFixture().address!.id,
  };
  const editProblem = async (text: string) => {
    renderAsUser(<VisitCard invoice={invoiceFixture()} editable />, 'admin');
    await userEvent.click(screen.getByRole('button', { name: 'Alterar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alterar atendimento' });
    const problem = within(dialog).getByLabelText('Problema relatado');
    await userEvent.clear(problem);
    await userEvent.type(problem, text);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
  };
  const customerAddresses = () => ({ data: [], meta: { total: 0, skip: 0, take: 100 } });

  it('sends only the problem; both changed it: the screen shows both texts and saves the chosen one on the new version', async () => {
    const posts: unknown[] = [];
    const calls = fakeApi({
      'GET /api/organizations/1/customers/3/addresses': customerAddresses,
      'POST /api/organizations/1/invoices/7/visit': (body) => {
        posts.push(body);
        return posts.length === 1 ? conflict(byOther) : invoiceFixture();
      },
    });
    await editProblem('Texto de B');
    const screenOfConflict = await screen.findByRole('dialog', { name: 'Registro alterado por outra pessoa' });
    expect(screenOfConflict).toHaveTextContent('Este registro foi alterado por outra pessoa');
    expect(screenOfConflict).toHaveTextContent('Salvo por outra pessoa: Texto de A');
    expect(screenOfConflict).toHaveTextContent('O seu: Texto de B');
    // The time the other person set is not among the fields: this save never sends it.
    expect(screenOfConflict).not.toHaveTextContent('Agendada para');
    await userEvent.click(within(screenOfConflict).getByRole('button', { name: 'Salvar minhas escolhas' }));
    expect(await screen.findByText('Atendimento registrado com sucesso')).toBeInTheDocument();
    expect(posts).toEqual([
      { reportedProblem: 'Texto de B', version: 1 },
      { reportedProblem: 'Texto de B', version: 2 },
    ]);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  });

  it("'Recarregar' closes without writing; when the other person changed only other fields, the save goes again at once", async () => {
    const posts: unknown[] = [];
    fakeApi({
      'GET /api/organizations/1/customers/3/addresses': customerAddresses,
      'POST /api/organizations/1/invoices/7/visit': (body) => {
        posts.push(body);
        return conflict(byOther);
      },
    });
    await editProblem('Texto de B');
    const first = await screen.findByRole('dialog', { name: 'Registro alterado por outra pessoa' });
    await userEvent.click(within(first).getByRole('button', { name: 'Recarregar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts).toHaveLength(1);

    // The other person changed only the time: the problem typed here is written on the new version.
    const saved: unknown[] = [];
    fakeApi({
      'GET /api/organizations/1/customers/3/addresses': customerAddresses,
      'POST /api/organizations/1/invoices/7/visit': (body) => {
        saved.push(body);
        return saved.length === 1
          ? conflict({ ...byOther, reportedProblem: invoiceFixture().reportedProblem })
          : invoiceFixture();
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Alterar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alterar atendimento' });
    await userEvent.type(within(dialog).getByLabelText('Problema relatado'), '!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Atendimento registrado com sucesso')).toBeInTheDocument();
    expect(saved).toEqual([
      { reportedProblem: 'Split da sala não gela e pinga água!', version: 1 },
      { reportedProblem: 'Split da sala não gela e pinga água!', version: 2 },
    ]);
  });
});
