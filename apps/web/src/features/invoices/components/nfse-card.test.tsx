import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InvoiceState } from '@ordem-certa/contracts';
import { fakeApi, renderAsUser } from '../../../test/fake-api.tsx';
import { invoiceFixture } from '../test/invoice-fixture.ts';
import { nfseFixture } from '../test/nfse-fixture.ts';
import { NfseCard } from './nfse-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const path = '/api/organizations/1/invoices/7/nfse';
const nfse = nfseFixture;
// An answer with a `status` key is sent as {status, body} (fakeApi reads `status` as the HTTP one).
const completed = invoiceFixture({ id: 7, statusState: InvoiceState.Completed, statusLabel: 'Concluído' });

describe('NfseCard', () => {
  it('offers "Emitir NFS-e" on a completed order without one, and shows the answer', async () => {
    let issued = false;
    const calls = fakeApi({
      [`GET ${path}`]: () =>
        issued ? { status: 200, body: nfse({ status: 'processing', number: null, accessKey: null }) } : { status: 404 },
      [`POST ${path}`]: () => {
        issued = true;
        return { status: 202, body: nfse({ status: 'processing', number: null, accessKey: null, issuedAt: null }) };
      },
    });
    renderAsUser(<NfseCard invoice={completed} />);
    const card = await screen.findByRole('region', { name: 'NFS-e' });
    await userEvent.click(await within(card).findByRole('button', { name: 'Emitir NFS-e' }));
    expect(await within(card).findByText('Em processamento')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === path)).toHaveLength(1);
    expect(within(card).queryByRole('button', { name: 'Emitir NFS-e' })).not.toBeInTheDocument();
  });

  it('an issued NFS-e: number, access key in groups, downloads and cancel; no second issue', async () => {
    fakeApi({ [`GET ${path}`]: () => ({ body: nfse(), status: 200 }) });
    renderAsUser(<NfseCard invoice={completed} />);
    const card = await screen.findByRole('region', { name: 'NFS-e' });
    expect(await within(card).findByTestId('nfse-number')).toHaveTextContent('123');
    expect(within(card).getByTestId('nfse-status')).toHaveTextContent('Emitida');
    expect(card).toHaveTextContent('3550 3082 2123');
    expect(within(card).getByRole('button', { name: 'XML da NFS-e' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Cancelar NFS-e' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Emitir/ })).not.toBeInTheDocument();
  });

  it('a rejection lists the codes and lets the admin issue again', async () => {
    fakeApi({
      [`GET ${path}`]: () => ({
        status: 200,
        body: nfse({
          status: 'rejected',
          number: null,
          accessKey: null,
          issuedAt: null,
          hasNfseXml: false,
          errors: [{ code: 'E0999', message: 'DPS rejeitada' }],
        }),
      }),
    });
    renderAsUser(<NfseCard invoice={completed} />);
    const errors = await screen.findByTestId('nfse-errors');
    expect(errors).toHaveTextContent('E0999 DPS rejeitada');
    expect(screen.getByRole('button', { name: 'Emitir novamente' })).toBeInTheDocument();
  });

  it('the cancellation asks for a reason of at least 15 characters before sending', async () => {
    const calls = fakeApi({
      [`GET ${path}`]: () => ({ status: 200, body: nfse() }),
      [`POST ${path}/cancel`]: () => ({
        status: 200,
        body: nfse({ status: 'canceled', cancelReason: 'Lançada em duplicidade' }),
      }),
    });
    renderAsUser(<NfseCard invoice={completed} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar NFS-e' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Motivo'), 'curto');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar NFS-e' }));
    expect(
      await within(dialog).findByText('Descreva o motivo do cancelamento com pelo menos 15 caracteres'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.path === `${path}/cancel`)).toBe(false);
    await userEvent.type(within(dialog).getByLabelText('Motivo'), ' demais: lançada em duplicidade');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar NFS-e' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === `${path}/cancel`)).toBe(true));
  });

  it('shows nothing on an order that is not completed and has no NFS-e', async () => {
    fakeApi({ [`GET ${path}`]: () => ({ status: 404 }) });
    renderAsUser(<NfseCard invoice={invoiceFixture({ id: 7 })} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('region', { name: 'NFS-e' })).not.toBeInTheDocument();
  });
});
