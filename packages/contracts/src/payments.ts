import { z } from 'zod';
import { calendarDate, listMeta, money, orgParam, pathId } from './common.ts';
import { formatMoney } from './format.ts';
import { occurrenceDate } from './maintenance-schedule.ts';

// An order's payments (money received, several per order), its instalments ('parcelas') and the
// receivables screen. Money is reais in JSON (2 decimals) and integer cents in the database.

export const paymentMethods = [
  'pix',
  'dinheiro',
  'cartao_credito',
  'cartao_debito',
  'boleto',
  'transferencia',
] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const paymentMethodLabels: Record<PaymentMethod, string> = {
  pix: 'PIX',
  dinheiro: 'Dinheiro',
  cartao_credito: 'Cartão de crédito',
  cartao_debito: 'Cartão de débito',
  boleto: 'Boleto',
  transferencia: 'Transferência',
};
/** A payment recorded without a method: orders paid before payments existed, or 'Pagar' without one. */
export const noPaymentMethodLabel = 'Não informado';
export const paymentMethodLabel = (method: PaymentMethod | null | undefined) =>
  method ? paymentMethodLabels[method] : noPaymentMethodLabel;

/** The most instalments one plan may have. */
export const MAX_INSTALLMENTS = 48;

/** pt-BR texts for payments, instalments and receivables. */
export const paymentMessages = {
  methodRequired: 'Selecione a forma de pagamento',
  paidAtRequired: 'Informe a data do pagamento',
  amountPositive: 'O valor deve ser maior que zero',
  overBalance: (balanceReais: number) => `O valor passa do saldo a receber (${formatMoney(balanceReais)})`,
  overFreeBalance: (freeReais: number) =>
    `O valor passa do saldo fora das parcelas (${formatMoney(freeReais)}). Registre o recebimento pela parcela.`,
  nothingDue: 'Esta ordem de serviço não tem saldo a receber',
  countRange: `Informe de 1 a ${MAX_INSTALLMENTS} parcelas`,
  firstDueDateRequired: 'Informe o vencimento da primeira parcela',
  tooManyInstallments: 'O saldo não dá R$ 0,01 por parcela',
  receivableAlreadyPaid: 'Esta parcela já foi recebida',
  recorded: 'Pagamento registrado',
  removed: 'Pagamento removido',
  installmentsCreated: 'Parcelas registradas',
  received: 'Parcela recebida',
  confirmRemove:
    'O pagamento será removido e o valor voltará ao saldo a receber. A parcela que ele pagou, se houver, volta a ficar em aberto.',
  confirmReplaceInstallments: 'As parcelas em aberto desta ordem de serviço serão substituídas pelas novas.',
  overdueTitle: 'Parcela vencida',
  overdueDescription: (p: {
    number: number;
    count: number;
    invoiceNumber: number;
    customer: string;
    amountReais: number;
  }) =>
    `Parcela ${p.number}/${p.count} da OS ${p.invoiceNumber} (${p.customer}), ${formatMoney(p.amountReais)}, venceu e não foi recebida.`,
} as const;

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

/** Splits `cents` into `count` parts: equal whole cents, what does not divide in the last one. */
export function splitInstallments(cents: number, count: number): number[] {
  const each = Math.floor(cents / count);
  return Array.from({ length: count }, (_, k) => (k === count - 1 ? cents - each * (count - 1) : each));
}

/** Instalment k's due date (0 = the first): monthly on the first's day, clamped to the month's end. */
export const installmentDueDate = (firstDueDate: string, k: number) => occurrenceDate(firstDueDate, 'monthly', k);

export const receivableStatuses = ['open', 'overdue', 'paid'] as const;
export type ReceivableStatus = (typeof receivableStatuses)[number];
export const receivableStatusLabels: Record<ReceivableStatus, string> = {
  open: 'Em aberto',
  overdue: 'Vencida',
  paid: 'Recebida',
};

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

export const invoiceInstallment = z.object({
  id: z.number().int(),
  amount: z.number(),
  dueDate: z.string(),
  method: paymentMethod,
  installmentNumber: z.number().int(),
  installmentCount: z.number().int(),
  status: z.enum(receivableStatuses),
  paymentId: z.number().int().nullable(),
  paidAt: z.string().nullable(),
});
export type InvoiceInstallment = z.infer<typeof invoiceInstallment>;

/** GET invoices/{id}/payments (and the answer of every payment write): the order's money as received. */
export const invoicePaymentsResponse = z.object({
  total: z.number(),
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
  amount: z.number(),
  dueDate: z.string(),
  method: paymentMethod,
  installmentNumber: z.number().int(),
  installmentCount: z.number().int(),
  status: z.enum(receivableStatuses),
  paidAt: z.string().nullable(),
});
export type ReceivableRow = z.infer<typeof receivableRow>;

export const receivablesResponse = z.object({
  data: z.array(receivableRow),
  /** total: rows the filters match; sum: their amount. */
  meta: listMeta.extend({ sum: z.number() }),
});
export type ReceivablesResponse = z.infer<typeof receivablesResponse>;
