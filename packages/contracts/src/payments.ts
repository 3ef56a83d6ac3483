import { z } from 'zod';
import { calendarDate, listMeta, money, orgParam, pathId } from './common.ts';
import { MAX_INSTALLMENTS, paymentMessages, paymentMethods, receivableStatuses } from './payment-labels.ts';

// An order's payments (money received, several per order), its instalments ('parcelas') and the
// receivables screen. Money is reais in JSON (2 decimals) and integer cents in the database.

export const paymentMethod = z.enum(paymentMethods, { error: paymentMessages.methodRequired });

const note = z
  .string()
  .trim()
  .max(500, 'Deve ter no máximo 500 caracteres')
  .nullish()
  .transform((v) => v || null);

// ---- an order's payments -------------------------------------------------------------------------

/** POST invoices/{id}/payments. A past date is allowed (a payment recorded late); never above the balance. */
export const createPaymentBody = z.object({
  amount: money({ min: 0.01, minMessage: paymentMessages.amountPositive }),
  method: paymentMethod,
  paidAt: calendarDate(paymentMessages.paidAtRequired),
  note,
});
export type CreatePaymentBody = z.input<typeof createPaymentBody>;

export const paymentParams = orgParam.extend({ id: pathId(), paymentId: pathId() });

/**
 * POST invoices/{id}/installments: the balance not yet received split into `count` instalments, one a
 * month from `firstDueDate` (same day of the month, the month's last day when it has no such day); the
 * cents that do not divide go to the last one. A first due date in the past is allowed (an old sale).
 * The order's open instalments are replaced.
 */
export const createInstallmentsBody = z.object({
  count: z
    .number({ error: paymentMessages.countRange })
    .int(paymentMessages.countRange)
    .min(1, paymentMessages.countRange)
    .max(MAX_INSTALLMENTS, paymentMessages.countRange),
  firstDueDate: calendarDate(paymentMessages.firstDueDateRequired),
  method: paymentMethod,
  interval: z.literal('monthly').default('monthly'),
});
export type CreateInstallmentsBody = z.input<typeof createInstallmentsBody>;

export const invoicePayment = z.object({
  id: z.number().int(),
  amount: z.number(),
  /** null: not given (noPaymentMethodLabel). */
  method: paymentMethod.nullable(),
  paidAt: z.string(),
  note: z.string().nullable(),
  /** The instalment this payment received, if any. */
  receivableId: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type InvoicePayment = z.infer<typeof invoicePayment>;

/** What an instalment is due: how much, when and how, its place in the split, and its status. */
const instalmentTerms = {
  amount: z.number(),
  dueDate: z.string(),
  method: paymentMethod,
  installmentNumber: z.number().int(),
  installmentCount: z.number().int(),
  status: z.enum(receivableStatuses),
};

export const invoiceInstallment = z.object({
  id: z.number().int(),
  ...instalmentTerms,
  paymentId: z.number().int().nullable(),
  paidAt: z.string().nullable(),
  /** The PIX copia e cola of its active charge at the company's PSP (an open instalment), or null. */
  pixCopiaECola: z.string().nullable(),
});
export type InvoiceInstallment = z.infer<typeof invoiceInstallment>;

/** GET invoices/{id}/payments (and the answer of every payment write): the order's money as received. */
export const invoicePaymentsResponse = z.object({
  total: z.number(),
  /** What the customer withholds from the total (the NFS-e's taxes withheld at source): not to receive. */
  withheld: z.number(),
  paid: z.number(),
  balance: z.number(),
  /** What is still to receive outside open instalments (a free payment may take at most this). */
  unscheduled: z.number(),
  isPaid: z.boolean(),
  payments: z.array(invoicePayment),
  installments: z.array(invoiceInstallment),
});
export type InvoicePaymentsResponse = z.infer<typeof invoicePaymentsResponse>;

// ---- receivables -----------------------------------------------------------------------------------

export const receivableParams = orgParam.extend({ id: pathId() });

/** POST receivables/{id}/pay: the instalment received in full, with its method, on `paidAt`. */
export const payReceivableBody = z.object({
  paidAt: calendarDate(paymentMessages.paidAtRequired),
  note,
});
export type PayReceivableBody = z.input<typeof payReceivableBody>;

/**
 * GET receivables: status (open = not received and not yet due; overdue = not received, due date
 * before today in the organization's time zone; paid = received), due dates from/to, customer (a
 * "contains" on the name), skip/take.
 */
export const receivablesQuery = z
  .object({
    status: z.enum(receivableStatuses, { error: 'Escolha em aberto, vencida ou recebida' }).optional(),
    from: calendarDate().optional(),
    to: calendarDate().optional(),
    customer: z.string().trim().max(200).optional(),
    skip: z.coerce.number().int().min(0).default(0),
    take: z.coerce.number().int().min(1).max(100).default(25),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    message: 'A data final deve ser igual ou posterior à inicial',
    path: ['to'],
  });
export type ReceivablesQuery = z.input<typeof receivablesQuery>;

export const receivableRow = z.object({
  id: z.number().int(),
  invoiceId: z.number().int(),
  invoiceNumber: z.number().int(),
  customerName: z.string(),
  ...instalmentTerms,
  paidAt: z.string().nullable(),
});
export type ReceivableRow = z.infer<typeof receivableRow>;

export const receivablesResponse = z.object({
  data: z.array(receivableRow),
  /** total: rows the filters match; sum: their amount. */
  meta: listMeta.extend({ sum: z.number() }),
});
export type ReceivablesResponse = z.infer<typeof receivablesResponse>;
