import { z } from 'zod';
import { money, optionalText, orgParam, pathId } from './common.ts';
import { pixRefundMessages, pixRefundStatuses } from './pix-labels.ts';

// 'Devolver' on a payment that came by Pix: the PSP is asked to send (part of) it back to the payer
// (PUT /pix/{e2eid}/devolucao/{id}); the payment is reduced by it, or removed, once the PSP says DEVOLVIDO.

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
