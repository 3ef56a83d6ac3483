import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InvoiceState, invoiceMessages } from '@ordem-certa/contracts';
import { fakeApi, renderAsUser } from '../../../test/fake-api.tsx';
import { invoiceFixture, signatureFixture } from '../test/invoice-fixture.ts';
import { PaymentActions } from './payment-actions.tsx';

const base = '/api/organizations/1/invoices/7';
afterEach(() => vi.unstubAllGlobals());

describe('PaymentActions', () => {
  it('offers no Pagar on Draft or Canceled orders', () => {
    fakeApi({});
    for (const state of [InvoiceState.Draft, InvoiceState.Canceled]) {
      const { unmount } = renderAsUser(<PaymentActions invoice={invoiceFixture({ statusState: state })} />);
      expect(screen.queryByRole('button', { name: 'Pagar' })).not.toBeInTheDocument();
      unmount();
    }
    renderAsUser(<PaymentActions invoice={invoiceFixture({ statusState: InvoiceState.Todo })} />);
    expect(screen.getByRole('button', { name: 'Pagar' })).toBeInTheDocument();
  });

  it("Pagar: 'Deseja continuar?', then the date modal (date required), then 'A ordem de serviço foi paga'", async () => {
    const calls = fakeApi({
      [`POST ${base}/pay`]: () => ({ id: 7 }),
      [`GET ${base}/payments`]: () => ({
        total: 100,
        paid: 30,
        balance: 70,
        unscheduled: 70,
        isPaid: false,
        payments: [],
        installments: [],
      }),
    });
    renderAsUser(<PaymentActions invoice={invoiceFixture({ statusState: InvoiceState.Completed })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Pagar' }));
    const ask = await screen.findByRole('dialog');
    // Unsigned: the warning comes first, and the admin may go on.
    expect(within(ask).getByText(`${invoiceMessages.notSigned} ${invoiceMessages.payConfirm}`)).toBeInTheDocument();
    await userEvent.click(within(ask).getByRole('button', { name: 'Continuar' }));
    const modal = await screen.findByRole('dialog', { name: invoiceMessages.payModalTitle });
    // What will be recorded: the balance after the deposit.
    expect(await within(modal).findByTestId('pay-amount')).toHaveTextContent('Valor a registrar: R$ 70,00');
    const date = within(modal).getByLabelText('Data do pagamento');
    expect((date as HTMLInputElement).value).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await userEvent.clear(date);
    await userEvent.click(within(modal).getByRole('button', { name: 'Pagar' }));
    expect(
      await within(modal).findByText(invoiceMessages.dateRequired, { selector: '.invalid-feedback' }),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(date, '21/11/2026');
    await userEvent.type(within(modal).getByLabelText('Descrição'), 'PIX');
    // The method is optional ('Não informado'); chosen here.
    expect(within(modal).getByLabelText('Forma de pagamento')).toHaveValue('');
    await userEvent.selectOptions(within(modal).getByLabelText('Forma de pagamento'), 'PIX');
    await userEvent.click(within(modal).getByRole('button', { name: 'Pagar' }));
    expect(await screen.findByText(invoiceMessages.paid)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      date: '2026-11-21',
      description: 'PIX',
      method: 'pix',
    });
  });

  it('Pagar on a validly signed order asks only to continue', async () => {
    fakeApi({});
    renderAsUser(
      <PaymentActions
        invoice={invoiceFixture({
          statusState: InvoiceState.Completed,
          signature: signatureFixture(false),
        })}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(within(await screen.findByRole('dialog')).getByText(invoiceMessages.payConfirm)).toBeInTheDocument();
  });

  it('Desfazer pagamento confirms, and a failure shows its message', async () => {
    fakeApi({ [`POST ${base}/undo-payment`]: () => ({ status: 409, body: { errors: ['Folha já paga'] } }) });
    renderAsUser(<PaymentActions invoice={invoiceFixture({ statusState: InvoiceState.Completed, isPaid: true })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Desfazer pagamento' }));
    const dialog = await screen.findByRole('dialog');
    // A payment can be made again: the dialog says what happens, not that it is final.
    expect(within(dialog).getByText(invoiceMessages.confirmUndoPayment)).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('Essa ação não poderá ser desfeita');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Desfazer pagamento' }));
    expect(await screen.findByText(invoiceMessages.undoPaymentFailed)).toBeInTheDocument();
  });
});
