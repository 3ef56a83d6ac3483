import { formatMoney } from './format.ts';
import { occurrenceDate } from './maintenance-schedule.ts';

// The zod-free half of the payments' contract: methods, labels, texts and the instalment arithmetic.
// Kept apart from the schemas (payments.ts) so the order screen shows payments without loading the
// validation library.

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
