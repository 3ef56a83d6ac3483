import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { InvoiceState, type InvoicePaymentsResponse, type PixChargeInfo } from '@ordem-certa/contracts';
import { fakeApi, renderAsUser } from '../../../test/fake-api.tsx';
import { invoiceFixture } from '../test/invoice-fixture.ts';
import { PaymentsCard } from './payments-card.tsx';
import { PixChargeCard } from './pix-charge-card.tsx';

const base = '/api/organizations/1/invoices/7';
afterEach(() => vi.unstubAllGlobals());

const code = '00020101021226880014br.gov.bcb.pix2566pix.psp.com.br/qr/v2/cobv/first';
const instalment = (pixCopiaECola: string | null): InvoicePaymentsResponse['installments'][number] => ({
  id: 11,
  amount: 50,
  dueDate: '2026-03-10',
  method: 'pix',
  installmentNumber: 1,
  installmentCount: 1,
  status: 'open',
  paymentId: null,
  paidAt: null,
  pixCopiaECola,
});
const payments = (pixCopiaECola: string | null): InvoicePaymentsResponse => ({
  total: 50,
  withheld: 0,
  paid: 0,
  balance: 50,
  unscheduled: 0,
  isPaid: false,
  payments: [],
  installments: [instalment(pixCopiaECola)],
});

describe('PixChargeCard', () => {
  it('an order opened before the job made its instalment charge shows the code in Parcelas once made, without a reload', async () => {
    let asks = 0;
    let made = false;
    fakeApi({
      [`GET ${base}/payments`]: () => payments(made ? code : null),
      [`GET ${base}/pix-payments`]: () => ({ data: [] }),
      [`GET ${base}/pix-charge`]: (): PixChargeInfo => {
        // The job makes the charge between the card's first ask and its next one.
        made = ++asks > 1;
        const answer: PixChargeInfo = {
          charge: null,
          installments: made
            ? [
                {
                  receivableId: 11,
                  txid: 'OS7P1abcdefghijklmnopqrstuv',
                  number: 1,
                  count: 1,
                  dueDate: '2026-03-10',
                  status: 'ATIVA',
                  amount: 50,
                  pixCopiaECola: code,
                },
              ]
            : [],
          pending: null,
          queued: !made,
          canSimulate: false,
        };
        return answer;
      },
    });
    const invoice = invoiceFixture({ statusState: InvoiceState.Wip });
    renderAsUser(
      <>
        <PixChargeCard invoice={invoice} />
        <PaymentsCard invoice={invoice} />
      </>,
    );
    const list = await screen.findByRole('list', { name: 'Parcelas' });
    expect(within(list).queryByRole('textbox')).not.toBeInTheDocument();
    expect(
      await within(list).findByRole('textbox', { name: 'PIX copia e cola da parcela 1/1' }, { timeout: 8000 }),
    ).toHaveValue(code);
  }, 15_000);

  it('Parcelas read before the charge was made, the card read after: the code still reaches Parcelas', async () => {
    let paymentAsks = 0;
    fakeApi({
      // The order's instalments are read first, before the job made the charge; the card after it.
      [`GET ${base}/payments`]: () => payments(++paymentAsks > 1 ? code : null),
      [`GET ${base}/pix-payments`]: () => ({ data: [] }),
      [`GET ${base}/pix-charge`]: (): PixChargeInfo => ({
        charge: null,
        installments: [
          {
            receivableId: 11,
            txid: 'OS7P1abcdefghijklmnopqrstuv',
            number: 1,
            count: 1,
            dueDate: '2026-03-10',
            status: 'ATIVA',
            amount: 50,
            pixCopiaECola: code,
          },
        ],
        pending: null,
        queued: false,
        canSimulate: false,
      }),
    });
    const invoice = invoiceFixture({ statusState: InvoiceState.Wip });
    renderAsUser(
      <>
        <PaymentsCard invoice={invoice} />
        <PixChargeCard invoice={invoice} />
      </>,
    );
    const list = await screen.findByRole('list', { name: 'Parcelas' });
    expect(
      await within(list).findByRole('textbox', { name: 'PIX copia e cola da parcela 1/1' }, { timeout: 8000 }),
    ).toHaveValue(code);
    expect(paymentAsks).toBe(2);
  }, 15_000);
});
