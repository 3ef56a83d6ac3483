import { z } from 'zod';
import { money, optionalText, orgParam, pathId } from './common.ts';
import { formatMoney } from './format.ts';
import { pixRefundStatuses } from './pix-labels.ts';

// 'Devolver' on a payment that came by Pix: the PSP is asked to send (part of) it back to the payer
// (PUT /pix/{e2eid}/devolucao/{id}); the payment is reduced by it, or removed, once the PSP says DEVOLVIDO.

export const pixRefundMessages = {
  amountRequired: 'Informe o valor a devolver',
  amountPositive: 'O valor a devolver deve ser maior que zero',
  amountOver: (max: number) =>
    max > 0
      ? `A devolução pode ser de no máximo ${formatMoney(max)}: o que este Pix pagou e ainda não foi devolvido`
      : 'Este Pix já foi devolvido por inteiro',
  notPix: 'Este pagamento não veio de um Pix recebido pelo PSP: não há o que devolver por Pix',
  noPsp: 'A empresa não está mais conectada a um PSP: conecte-a para devolver o Pix',
  pspDown: 'O PSP não respondeu: a devolução será pedida de novo em alguns minutos',
  requested: 'Devolução pedida ao PSP: o pagamento é estornado quando o PSP confirmar',
  settled: 'Devolução confirmada pelo PSP: o pagamento foi estornado',
} as const;

export const pixRefundParams = orgParam.extend({ id: pathId(), paymentId: pathId() });

/** POST invoices/{id}/payments/{paymentId}/pix-refund: how much goes back (at most what is left) and why. */
export const pixRefundBody = z.object({
  amount: money({ min: 0.01, minMessage: pixRefundMessages.amountPositive }),
  reason: optionalText(140),
});
export type PixRefundBody = z.input<typeof pixRefundBody>;

export const pixRefund = z.object({
  id: z.string(),
  amount: z.number(),
  status: z.enum(pixRefundStatuses),
  reason: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type PixRefund = z.infer<typeof pixRefund>;

/** GET invoices/{id}/pix-payments: the order's payments that came by Pix, what can still go back, the refunds. */
export const pixPaymentsResponse = z.object({
  data: z.array(
    z.object({
      /** null once a refund of the whole Pix removed the payment. */
      paymentId: z.number().int().nullable(),
      endToEndId: z.string(),
      amount: z.number(),
      /** What a new refund may take: the Pix less its refunds not refused. */
      refundable: z.number(),
      refunds: z.array(pixRefund),
    }),
  ),
});
export type PixPayments = z.infer<typeof pixPaymentsResponse>;
