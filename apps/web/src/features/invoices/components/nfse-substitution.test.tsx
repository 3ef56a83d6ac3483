import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InvoiceState, type OrderWithholdings } from '@ordem-certa/contracts';
import { fakeApi, renderAsUser } from '../../../test/fake-api.tsx';
import { invoiceFixture } from '../test/invoice-fixture.ts';
import { nfseFixture } from '../test/nfse-fixture.ts';
import { NfseCard } from './nfse-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const path = '/api/organizations/1/invoices/7/nfse';
const values = { service: 1000, discount: 0, issRate: 2, iss: 20, issWithheld: true, pis: 6.5, cofins: 30, csll: 10 };
const issued = nfseFixture({ number: '41', values: { ...values, irrf: 15, cp: 0, withheld: 81.5, net: 918.5 } });
const withholdings: OrderWithholdings = {
  order: null,
  customer: { iss: true, pis: 0.65, cofins: 3, csll: 1, irrf: 1.5, cp: null },
  effective: { iss: true, pis: 0.65, cofins: 3, csll: 1, irrf: 1.5, cp: null },
  amounts: { total: 1000, issRate: 2, iss: 20, federal: 61.5, withheld: 81.5, net: 918.5, source: 'nfse' },
  covers: { materials: true, amount: 1000, materialsLeftOut: 0 },
};
const completed = invoiceFixture({ id: 7, statusState: InvoiceState.Completed, statusLabel: 'Concluído' });

describe('NfseCard: withholdings and substitution', () => {
  it('shows what the customer withholds, the values withheld and the net', async () => {
    fakeApi({
      [`GET ${path}`]: () => ({ status: 200, body: issued }),
      [`GET ${path}/withholdings`]: () => withholdings,
    });
    renderAsUser(<NfseCard invoice={completed} />);
    const block = await screen.findByTestId('order-withholdings');
    expect(block).toHaveTextContent('ISS retido, PIS 0,65%, COFINS 3%, CSLL 1%, IRRF 1,5%');
    expect(block).toHaveTextContent('(do cliente)');
    expect(within(block).getByTestId('order-net')).toHaveTextContent('R$ 918,50');
    expect(screen.getByTestId('nfse-covers')).toHaveTextContent(
      'A NFS-e cobre os serviços e os materiais: R$ 1.000,00',
    );
    const declared = screen.getByTestId('nfse-values');
    expect(declared).toHaveTextContent('ISS retido (2%)');
    expect(declared).toHaveTextContent('IRRF retido');
    expect(within(declared).getByTestId('nfse-net')).toHaveTextContent('R$ 918,50');
  });

  it('says when the note covers the services alone, and what of the materials stays out', async () => {
    fakeApi({
      [`GET ${path}`]: () => ({ status: 404, body: { errors: ['Esta ordem não tem NFS-e'] } }),
      [`GET ${path}/withholdings`]: () => ({
        ...withholdings,
        covers: { materials: false, amount: 324, materialsLeftOut: 107.7 },
      }),
    });
    renderAsUser(<NfseCard invoice={completed} />);
    expect(await screen.findByTestId('nfse-covers')).toHaveTextContent(
      'A NFS-e cobre só os serviços: R$ 324,00 · os materiais (R$ 107,70) ficam fora da nota',
    );
  });

  it("'Alterar' saves the order's own withholdings", async () => {
    const calls = fakeApi({
      [`GET ${path}`]: () => ({ status: 200, body: issued }),
      [`GET ${path}/withholdings`]: () => withholdings,
      [`PUT ${path}/withholdings`]: (body) => ({
        ...withholdings,
        order: (body as { withholdings: OrderWithholdings['order'] }).withholdings,
      }),
    });
    renderAsUser(<NfseCard invoice={completed} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Alterar' }));
    const irrf = screen.getByLabelText('IRRF (%)');
    await userEvent.clear(irrf);
    await userEvent.type(irrf, '1');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar para esta ordem' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({
      withholdings: { iss: true, pis: 0.65, cofins: 3, csll: 1, irrf: 1, cp: null },
    });
  });

  it("'Substituir NFS-e' asks for the reason and sends the code", async () => {
    const calls = fakeApi({
      [`GET ${path}`]: () => ({ status: 200, body: issued }),
      [`GET ${path}/withholdings`]: () => withholdings,
      [`POST ${path}/substitute`]: () => ({ status: 202, body: { ...issued, status: 'processing', number: null } }),
    });
    renderAsUser(<NfseCard invoice={completed} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Substituir NFS-e' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Substituir NFS-e nº 41' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Substituir NFS-e' }));
    expect(
      await within(dialog).findByText('Descreva o motivo da substituição com pelo menos 15 caracteres'),
    ).toBeInTheDocument();
    await userEvent.selectOptions(within(dialog).getByLabelText('Motivo da substituição'), '05');
    await userEvent.type(within(dialog).getByLabelText('Descrição do motivo'), 'O tomador recusou a nota emitida');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Substituir NFS-e' }));
    await vi.waitFor(() => expect(calls.some((c) => c.path === `${path}/substitute`)).toBe(true));
    expect(calls.find((c) => c.path === `${path}/substitute`)!.body).toEqual({
      code: '05',
      reason: 'O tomador recusou a nota emitida',
    });
  });

  it('a refused substitution shows its codes while the NFS-e stands', async () => {
    fakeApi({
      [`GET ${path}`]: () => ({
        status: 200,
        body: { ...issued, substitutionErrors: [{ code: 'E0999', message: 'recusada' }] },
      }),
      [`GET ${path}/withholdings`]: () => withholdings,
    });
    renderAsUser(<NfseCard invoice={completed} />);
    expect(await screen.findByText('O sistema nacional recusou a substituição:')).toBeInTheDocument();
    expect(screen.getByTestId('nfse-status')).toHaveTextContent('Emitida');
  });
});
