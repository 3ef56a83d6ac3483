import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  InvoiceState,
  paymentMessages,
  pixRefundMessages,
  type InvoicePaymentsResponse,
  type PixPayments,
} from '@ordem-certa/contracts';
import { fakeApi, renderAsUser } from '../../../test/fake-api.tsx';
import { invoiceFixture } from '../test/invoice-fixture.ts';
import { PaymentsCard } from './payments-card.tsx';

const base = '/api/organizations/1/invoices/7';
afterEach(() => vi.unstubAllGlobals());

const state = (over: Partial<InvoicePaymentsResponse> = {}): InvoicePaymentsResponse => ({
  total: 100,
  withheld: 0,
  paid: 30,
  balance: 70,
  unscheduled: 20,
  isPaid: false,
  payments: [
    {
      id: 1,
      amount: 30,
      method: 'pix',
      paidAt: '2026-03-05',
      note: 'Sinal',
      receivableId: null,
      createdByName: 'Ana',
      createdAt: '2026-03-05T12:00:00Z',
    },
  ],
  installments: [
    {
      id: 11,
      amount: 25,
      dueDate: '2026-03-10',
      method: 'cartao_credito',
      installmentNumber: 1,
      installmentCount: 2,
      status: 'overdue',
      paymentId: null,
      paidAt: null,
      pixCopiaECola: null,
    },
    {
      id: 12,
      amount: 25,
      dueDate: '2026-04-10',
      method: 'cartao_credito',
      installmentNumber: 2,
      installmentCount: 2,
      status: 'open',
      paymentId: null,
      paidAt: null,
      pixCopiaECola: '00020101021226880014br.gov.bcb.pix2566pix.psp.com.br/qr/v2/cobv/abc',
    },
  ],
  ...over,
});

describe('PaymentsCard', () => {
  it('shows received and balance, the payments and the instalments, the overdue one marked', async () => {
    fakeApi({ [`GET ${base}/payments`]: () => state() });
    renderAsUser(<PaymentsCard invoice={invoiceFixture({ statusState: InvoiceState.Wip })} />);
    expect(await screen.findByTestId('balance')).toHaveTextContent('R$ 70,00');
    expect(screen.getByTestId('paid')).toHaveTextContent('R$ 30,00');
    expect(screen.queryByTestId('payment-date')).not.toBeInTheDocument();
    const payments = screen.getByRole('list', { name: 'Pagamentos registrados' });
    expect(payments).toHaveTextContent('05/03/2026 · PIX');
    expect(payments).toHaveTextContent('Sinal');
    const [first, second] = within(screen.getByRole('list', { name: 'Parcelas' })).getAllByRole('listitem');
    expect(first).toHaveClass('is-overdue');
    expect(first).toHaveTextContent('1/2 · 10/03/2026 · Cartão de crédito');
    expect(first).toHaveTextContent('Vencida');
    expect(second).not.toHaveClass('is-overdue');
    expect(second).toHaveTextContent('Em aberto');
    // The instalment with a charge at the PSP shows its own code; the other has none.
    expect(within(second!).getByRole('textbox', { name: 'PIX copia e cola da parcela 2/2' })).toHaveValue(
      '00020101021226880014br.gov.bcb.pix2566pix.psp.com.br/qr/v2/cobv/abc',
    );
    expect(within(first!).queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByTestId('withheld')).not.toBeInTheDocument();
  });

  it('shows what the customer withholds apart from what is received', async () => {
    fakeApi({ [`GET ${base}/payments`]: () => state({ withheld: 9.3, balance: 60.7 }) });
    renderAsUser(<PaymentsCard invoice={invoiceFixture({ statusState: InvoiceState.Wip })} />);
    expect(await screen.findByTestId('withheld')).toHaveTextContent('R$ 9,30');
    expect(screen.getByTestId('balance')).toHaveTextContent('R$ 60,70');
  });

  it('records a payment, the amount suggested from what no instalment holds; the server message lands on the field', async () => {
    let tries = 0;
    const calls = fakeApi({
      [`GET ${base}/payments`]: () => state(),
      [`POST ${base}/payments`]: () =>
        ++tries === 1
          ? { status: 422, body: { errors: { amount: [paymentMessages.overFreeBalance(20)] } } }
          : { status: 201, body: state({ paid: 50, balance: 50, unscheduled: 0 }) },
    });
    renderAsUser(<PaymentsCard invoice={invoiceFixture({ statusState: InvoiceState.Wip })} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Registrar pagamento' }));
    const modal = await screen.findByRole('dialog', { name: 'Registrar pagamento' });
    expect(within(modal).getByLabelText('Valor')).toHaveValue('20,00');
    expect(within(modal).getByLabelText('Forma de pagamento')).toHaveValue('pix');
    await userEvent.clear(within(modal).getByLabelText('Valor'));
    await userEvent.type(within(modal).getByLabelText('Valor'), '25');
    await userEvent.click(within(modal).getByRole('button', { name: 'Registrar' }));
    // The DOM's text matcher reads the no-break space after R$ as a space.
    expect(await within(modal).findByText(paymentMessages.overFreeBalance(20).replace(/\s/g, ' '))).toBeInTheDocument();
    await userEvent.clear(within(modal).getByLabelText('Valor'));
    await userEvent.type(within(modal).getByLabelText('Valor'), '20');
    await userEvent.selectOptions(within(modal).getByLabelText('Forma de pagamento'), 'Dinheiro');
    await userEvent.click(within(modal).getByRole('button', { name: 'Registrar' }));
    expect(await screen.findByText(paymentMessages.recorded)).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.at(-1)!.body).toMatchObject({ amount: 20, method: 'dinheiro', note: null });
    expect((posts.at(-1)!.body as { paidAt: string }).paidAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('Devolver on a Pix payment: at most what is left, the server message on the field, then the refund shown as processing', async () => {
    const pix = (refunds: PixPayments['data'][number]['refunds'] = []): PixPayments => ({
      data: [{ paymentId: 1, endToEndId: 'E1823612020261202' + 'x'.repeat(15), amount: 30, refundable: 30, refunds }],
    });
    let tries = 0;
    let now = pix();
    const calls = fakeApi({
      [`GET ${base}/payments`]: () => state(),
      [`GET ${base}/pix-payments`]: () => now,
      [`POST ${base}/payments/1/pix-refund`]: () => {
        if (++tries === 1) return { status: 422, body: { errors: { amount: [pixRefundMessages.amountOver(30)] } } };
        now = pix([
          {
            id: 'DEV1',
            amount: 10,
            status: 'EM_PROCESSAMENTO',
            reason: null,
            error: null,
            createdAt: '2026-12-02T10:00:00Z',
          },
        ]);
        return now;
      },
    });
    renderAsUser(<PaymentsCard invoice={invoiceFixture({ statusState: InvoiceState.Wip })} />);
    await userEvent.click(await screen.findByRole('button', { name: /^Devolver o Pix de R\$\s30,00$/ }));
    const modal = await screen.findByRole('dialog', { name: 'Devolver Pix' });
    expect(within(modal).getByLabelText('Valor a devolver')).toHaveValue('30,00');
    await userEvent.click(within(modal).getByRole('button', { name: 'Devolver' }));
    expect(await within(modal).findByText(pixRefundMessages.amountOver(30).replace(/\s/g, ' '))).toBeInTheDocument();
    await userEvent.clear(within(modal).getByLabelText('Valor a devolver'));
    await userEvent.type(within(modal).getByLabelText('Valor a devolver'), '10');
    await userEvent.click(within(modal).getByRole('button', { name: 'Devolver' }));
    expect(await screen.findByText(pixRefundMessages.requested)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({ amount: 10, reason: null });
    expect(await screen.findByTestId('pix-refund')).toHaveTextContent('Devolução de R$ 10,00 Em processamento no PSP');
  });

  it('splits the balance and receives an instalment', async () => {
    const calls = fakeApi({
      [`GET ${base}/payments`]: () => state(),
      [`POST ${base}/installments`]: () => ({ status: 201, body: state() }),
      'POST /api/organizations/1/receivables/12/pay': () => ({ id: 12 }),
    });
    renderAsUser(<PaymentsCard invoice={invoiceFixture({ statusState: InvoiceState.Wip })} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Parcelar saldo' }));
    const plan = await screen.findByRole('dialog', { name: 'Parcelar saldo' });
    expect(plan).toHaveTextContent(paymentMessages.confirmReplaceInstallments);
    await userEvent.clear(within(plan).getByLabelText('Número de parcelas'));
    await userEvent.type(within(plan).getByLabelText('Número de parcelas'), '3');
    await userEvent.click(within(plan).getByRole('button', { name: 'Parcelar' }));
    expect(await screen.findByText(paymentMessages.installmentsCreated)).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/installments'))!.body).toMatchObject({
      count: 3,
      method: 'cartao_credito',
      interval: 'monthly',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Receber a parcela 2/2' }));
    const receive = await screen.findByRole('dialog', { name: 'Receber a parcela 2/2' });
    expect(receive).toHaveTextContent('R$ 25,00 por Cartão de crédito, vencimento 10/04/2026.');
    await userEvent.click(within(receive).getByRole('button', { name: 'Receber' }));
    expect(await screen.findByText(paymentMessages.received)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/organizations/1/receivables/12/pay')).toBe(true);
  });

  it('offers no new payment on a paid order or on a Canceled one', async () => {
    fakeApi({ [`GET ${base}/payments`]: () => state({ paid: 100, balance: 0, unscheduled: 0, installments: [] }) });
    const { unmount } = renderAsUser(
      <PaymentsCard
        invoice={invoiceFixture({ statusState: InvoiceState.Wip, isPaid: true, paymentDate: '2026-03-20' })}
      />,
    );
    expect(await screen.findByTestId('balance')).toHaveTextContent('R$ 0,00');
    // The day the payments came to cover the total, in the same card.
    expect(screen.getByTestId('payment-date')).toHaveTextContent('20/03/2026');
    expect(screen.queryByRole('button', { name: 'Registrar pagamento' })).not.toBeInTheDocument();
    unmount();
    fakeApi({ [`GET ${base}/payments`]: () => state() });
    renderAsUser(<PaymentsCard invoice={invoiceFixture({ statusState: InvoiceState.Canceled })} />);
    expect(await screen.findByTestId('balance')).toHaveTextContent('R$ 70,00');
    expect(screen.queryByRole('button', { name: 'Parcelar saldo' })).not.toBeInTheDocument();
  });
});
