import { z } from 'zod';
import { calendarDate, idParam, listMeta, listQuery, money, orgParam, requiredString } from './common.ts';

/** pt-BR texts of the expenses ('Despesas', contas a pagar): fixed wording; change only with the screens and tests. */
export const expenseMessages = {
  created: 'Despesa cadastrada com sucesso',
  updated: 'Despesa alterada com sucesso',
  removed: 'Despesa removida',
  paid: 'Despesa marcada como paga',
  reopened: 'Pagamento desfeito: a despesa voltou a ficar em aberto',
  attachmentSaved: 'Anexo enviado',
  attachmentRemoved: 'Anexo removido',
  amountPositive: 'O valor deve ser no mínimo 0,01',
  dueDateRequired: 'Informe o vencimento',
  paidAtRequired: 'Informe a data do pagamento',
  categoryRequired: 'Informe a categoria',
  invalidStatus: 'Situação inválida',
  toBeforeFrom: 'A data final deve ser igual ou posterior à inicial',
  attachmentType: 'Envie um PDF ou uma imagem PNG ou JPEG',
  attachmentTooLarge: 'O anexo deve ter no máximo 10 MB',
  attachmentMissing: 'Esta despesa não tem anexo',
  alreadyPaid: 'Esta despesa já está paga',
} as const;

/** An attachment (the bill, the receipt): one file, a PDF or a PNG/JPEG image, told by its bytes. */
export const EXPENSE_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const expenseAttachmentTypes = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type ExpenseAttachmentType = (typeof expenseAttachmentTypes)[number];

/**
 * An expense's situation, derived from its dates in the organization's time zone: paid when it has a
 * payment date; otherwise overdue when due before today, else open.
 */
export const expenseStatuses = ['open', 'overdue', 'paid'] as const;
export type ExpenseStatus = (typeof expenseStatuses)[number];
export const expenseStatusLabels: Record<ExpenseStatus, string> = {
  open: 'Em aberto',
  overdue: 'Vencida',
  paid: 'Paga',
};

/** A YYYY-MM-DD that must be given: missing or empty says `message`, a wrong one says which. */
const requiredDate = (message: string) => z.string({ error: message }).min(1, message).pipe(calendarDate());

const optionalDate = z
  .union([calendarDate(), z.literal(''), z.null()])
  .optional()
  .transform((v) => v || null);

/**
 * POST expenses and PUT expenses/{id} (admin): what is owed, its category (free text, suggested from
 * the organization's own), the amount in reais, the due date and, once paid, the payment date. The
 * texts are stored in Unicode NFC, so categories typed with combining accents group with the others.
 */
export const expenseBody = z.object({
  description: requiredString(200).normalize('NFC'),
  category: requiredString(60).normalize('NFC'),
  amount: money({ min: 0.01, minMessage: expenseMessages.amountPositive }),
  dueDate: requiredDate(expenseMessages.dueDateRequired),
  paidAt: optionalDate,
});
export type ExpenseValues = z.input<typeof expenseBody>;
export type ExpenseBody = z.output<typeof expenseBody>;

/** POST expenses/{id}/pay: the day it was paid (the screen offers today). */
export const payExpenseBody = z.object({
  paidAt: requiredDate(expenseMessages.paidAtRequired),
});
export type PayExpenseValues = z.input<typeof payExpenseBody>;

export const expenseAttachment = z.object({
  name: z.string(),
  contentType: z.enum(expenseAttachmentTypes),
  size: z.number().int(),
});
export type ExpenseAttachment = z.infer<typeof expenseAttachment>;

export const expenseResponse = z.object({
  id: z.number().int(),
  description: z.string(),
  category: z.string(),
  /** In reais. */
  amount: z.number(),
  dueDate: z.string(),
  paidAt: z.string().nullable(),
  status: z.enum(expenseStatuses),
  attachment: expenseAttachment.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Expense = z.infer<typeof expenseResponse>;

/**
 * GET expenses: q (description or category), category (exact, any case), status, and a period
 * from–to on the due date — on the payment date when status is 'paid'. Newest due date first for
 * paid ones, soonest first otherwise.
 */
export const expenseListQuery = listQuery
  .extend({
    status: z.enum(expenseStatuses, { error: expenseMessages.invalidStatus }).optional(),
    category: z.string().trim().max(60).optional(),
    from: calendarDate().optional(),
    to: calendarDate().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.to < v.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: expenseMessages.toBeforeFrom });
  });
export type ExpenseListQuery = z.input<typeof expenseListQuery>;
export type ExpenseListFilter = z.output<typeof expenseListQuery>;

/** The list's meta also carries `sum`: the amount of every matching expense, in reais (not only the page's). */
export const expenseListResponse = z.object({
  data: z.array(expenseResponse),
  meta: listMeta.extend({ sum: z.number() }),
});
export type ExpenseList = z.infer<typeof expenseListResponse>;

/** GET expenses/categories?q=: the organization's categories in use, for suggestions. */
export const expenseCategoriesQuery = z.object({ q: z.string().trim().max(60).optional() });
export const expenseCategoriesResponse = z.object({ data: z.array(z.string()) });

export const expenseParams = orgParam.extend(idParam.shape);
