import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InvoiceState, invoiceMessages } from '@ordem-certa/contracts';
import { fakeApi, renderAsUser } from '../../../test/fake-api.tsx';
import { invoiceFixture, signatureFixture } from '../test/invoice-fixture.ts';
import { StateActions } from './state-actions.tsx';

const base = '/api/organizations/1/invoices/7';
afterEach(() => vi.unstubAllGlobals());

describe('StateActions', () => {
  it('shows only the allowed targets, with Reabrir once the order was started', async () => {
    fakeApi({ [`GET ${base}/allowed-changes`]: () => ({ data: [InvoiceState.Wip, InvoiceState.Todo] }) });
    renderAsUser(
      <StateActions
        invoice={invoiceFixture({ statusState: InvoiceState.Blocked, startedAt: '2026-11-20T14:00:00Z' })}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Reabrir' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Marcar como Não Iniciado' })).toBeInTheDocument();
    for (const name of ['Iniciar', 'Bloquear', 'Cancelar', 'Concluir']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('asks for confirmation and posts start', async () => {
    const calls = fakeApi({
      [`GET ${base}/allowed-changes`]: () => ({ data: [InvoiceState.Wip, InvoiceState.Blocked] }),
      [`POST ${base}/start`]: () => ({ id: 7 }),
    });
    renderAsUser(<StateActions invoice={invoiceFixture()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Iniciar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(invoiceMessages.confirmStatus)).toBeInTheDocument();
    // Starting can be undone: the dialog does not say otherwise.
    expect(dialog).not.toHaveTextContent('Essa ação não poderá ser desfeita');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Iniciar' }));
    expect(await screen.findByText('Status da Ordem de Serviço alterado')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`${base}/start`]);
  });

  it("a target no longer allowed gets 'Não é possível atualizar esta Ordem de Serviço' and sends nothing", async () => {
    let allowed = [InvoiceState.Completed];
    const calls = fakeApi({ [`GET ${base}/allowed-changes`]: () => ({ data: allowed }) });
    renderAsUser(<StateActions invoice={invoiceFixture({ statusState: InvoiceState.Wip })} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Concluir' }));
    allowed = [];
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Concluir' }));
    expect(await screen.findByText(invoiceMessages.notAllowed)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("409 shows the server's messages", async () => {
    fakeApi({
      [`GET ${base}/allowed-changes`]: () => ({ data: [InvoiceState.Completed] }),
      [`POST ${base}/complete`]: () => ({ status: 409, body: { errors: ['A ordem mudou enquanto você editava'] } }),
    });
    renderAsUser(<StateActions invoice={invoiceFixture({ statusState: InvoiceState.Wip })} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Concluir' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Concluir' }));
    expect(await screen.findByText('A ordem mudou enquanto você editava')).toBeInTheDocument();
  });

  it('Bloquear asks for a reason among the Blocked statuses and posts block/{statusId}', async () => {
    const calls = fakeApi({
      [`GET ${base}/allowed-changes`]: () => ({ data: [InvoiceState.Blocked] }),
      'GET /api/organizations/1/invoice-statuses': (_b, url) => ({
        data:
          url.searchParams.get('state') === String(InvoiceState.Blocked)
            ? [
                { id: 31, state: -1, label: 'Aguardando peça' },
                { id: 32, state: -1, label: 'Aguardando cliente' },
              ]
            : [],
        meta: { total: 2, skip: 0, take: 100 },
      }),
      [`POST ${base}/block/32`]: () => ({ id: 7 }),
    });
    renderAsUser(<StateActions invoice={invoiceFixture({ statusState: InvoiceState.Wip })} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Bloquear' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bloquear Ordem de Serviço' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bloquear' }));
    expect(within(dialog).getByText('Selecione o motivo', { selector: '.invalid-feedback' })).toBeInTheDocument();
    await userEvent.selectOptions(await within(dialog).findByLabelText('Motivo'), 'Aguardando cliente');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bloquear' }));
    expect(await screen.findByText('Status da Ordem de Serviço alterado')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`${base}/block/32`]);
  });

  it.each([
    ['missing', null, invoiceMessages.notSigned],
    ['outdated', signatureFixture(true), invoiceMessages.signatureOutdated],
  ])('Concluir with the signature %s warns first and lets the admin go on', async (_, signature, warning) => {
    const calls = fakeApi({
      [`GET ${base}/allowed-changes`]: () => ({ data: [InvoiceState.Completed] }),
      [`POST ${base}/complete`]: () => ({ id: 7 }),
    });
    renderAsUser(<StateActions invoice={invoiceFixture({ statusState: InvoiceState.Wip, signature })} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Concluir' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(warning);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Concluir' }));
    expect(await screen.findByText('Status da Ordem de Serviço alterado')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`${base}/complete`]);
  });

  it('Concluir on a validly signed order asks without a signature warning', async () => {
    fakeApi({ [`GET ${base}/allowed-changes`]: () => ({ data: [InvoiceState.Completed] }) });
    renderAsUser(
      <StateActions invoice={invoiceFixture({ statusState: InvoiceState.Wip, signature: signatureFixture(false) })} />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Concluir' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(invoiceMessages.confirmStatus);
    expect(dialog).not.toHaveTextContent(/assinad|assinatura/);
  });

  it("Cancelar alone says 'Essa ação não poderá ser desfeita'", async () => {
    fakeApi({
      [`GET ${base}/allowed-changes`]: () => ({ data: [InvoiceState.Canceled] }),
      'GET /api/organizations/1/invoice-statuses': () => ({ data: [], meta: { total: 0, skip: 0, take: 100 } }),
    });
    renderAsUser(<StateActions invoice={invoiceFixture({ statusState: InvoiceState.Wip })} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar Ordem de Serviço' });
    expect(dialog).toHaveTextContent(invoiceMessages.confirmCancel);
  });
});
