import { z } from 'zod';
import { listMeta, listQuery, pathId } from './common.ts';
import { formatMoney } from './format.ts';

// 'Pix não identificados': a Pix the company's PSP received whose txid names no charge of ours (paid to the
// key directly, or on a charge made elsewhere). An admin attaches it to an order (or one of its instalments):
// it becomes that order's payment.

export const pixReceivedMessages = {
  invoice: 'Informe a ordem de serviço que este Pix pagou',
  invoiceNotFound: 'Ordem de serviço não encontrada',
  otherCompany: 'A ordem é de outra empresa: o Pix foi recebido na chave de outra empresa',
  receivable: 'Parcela não encontrada nesta ordem, ou já recebida',
  receivableAmount: (pix: number, due: number) =>
    `O Pix (${formatMoney(pix)}) tem valor diferente da parcela (${formatMoney(due)})`,
  overBalance: (balance: number) => `O Pix é maior que o saldo da ordem sem parcelas (${formatMoney(balance)})`,
  alreadyAttached: 'Este Pix já foi associado a uma ordem',
  attached: 'Pix associado: o pagamento foi registrado na ordem',
} as const;

export const pixUnidentifiedQuery = listQuery;
export const pixReceivedParams = z.object({ orgId: pathId(), id: pathId() });

export const pixUnidentifiedItem = z.object({
  id: z.number().int(),
  endToEndId: z.string(),
  txid: z.string().nullable(),
  amount: z.number(),
  paidAt: z.string(),
  payerInfo: z.string().nullable(),
  company: z.object({ id: z.number().int(), name: z.string() }),
});
export type PixUnidentified = z.infer<typeof pixUnidentifiedItem>;
export const pixUnidentifiedListResponse = z.object({ data: z.array(pixUnidentifiedItem), meta: listMeta });
export type PixUnidentifiedList = z.infer<typeof pixUnidentifiedListResponse>;

/** POST pix/unidentified/{id}/attach: the order it paid, and optionally which of its open instalments. */
export const attachPixBody = z.object({
  invoice: z
    .number({ error: pixReceivedMessages.invoice })
    .int(pixReceivedMessages.invoice)
    .positive(pixReceivedMessages.invoice),
  receivable: z.number().int().positive().nullish(),
});
export type AttachPixBody = z.input<typeof attachPixBody>;
export const attachPixResponse = z.object({ invoiceId: z.number().int(), paymentId: z.number().int() });
