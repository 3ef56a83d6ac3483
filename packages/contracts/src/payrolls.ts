import { z } from 'zod';
import { calendarDate, idParam, listQuery, listResponse, orgParam } from './common.ts';

/** pt-BR texts of the payroll screens; word for word where the product's catalogue gives them. */
export const payrollMessages = {
  generated: 'Folha gerada com sucesso',
  generateFailed: 'Ocorreu um problema ao gerar a folha',
  removeFailed: 'Houve um problema ao tentar remover a folha. Tente novamente.',
  paid: 'Funcionários pagos com sucesso',
  payConfirm: 'Deseja continuar?',
  companyRequired: 'Selecione a empresa',
  startRequired: 'Informe a data inicial',
  endRequired: 'Informe a data final',
  endBeforeStart: 'A data final deve ser igual ou posterior à data inicial',
  periodTooLong: 'O período pode ter no máximo 366 dias',
  companyNotFound: 'Empresa não encontrada',
  nothingToPay:
    'Nenhuma ordem de serviço concluída nesse período para essa empresa com colaboradores fora de outra folha. Nenhuma folha foi gerada.',
  hasPaidLines: 'Esta folha tem pagamentos registrados e não pode ser removida',
  lineAlreadyPaid: 'Este pagamento já foi registrado',
  slipLinkInvalid: 'Link do holerite inválido. Volte à folha e abra o holerite novamente.',
  slipLinkExpired: 'Este link do holerite expirou. Volte à folha e abra o holerite novamente.',
  workerInPayroll: 'Este colaborador está em uma folha de pagamento e não pode ser removido da ordem de serviço',
} as const;

/** The longest period one payroll may cover: a year (a leap one included). */
export const MAX_PAYROLL_DAYS = 366;

const isoDate = (message: string) => calendarDate(message);
const DAY_MS = 86_400_000;

/** POST payrolls: the company and the period, both dates inclusive. */
export const generatePayrollBody = z
  .object({
    company: z.number({ error: payrollMessages.companyRequired }).int().positive(payrollMessages.companyRequired),
    startDate: isoDate(payrollMessages.startRequired),
    endDate: isoDate(payrollMessages.endRequired),
  })
  .superRefine((v, ctx) => {
    // Compared only when both are real dates (their own messages cover the rest).
    if (!z.iso.date().safeParse(v.startDate).success || !z.iso.date().safeParse(v.endDate).success) return;
    const days = (Date.parse(v.endDate) - Date.parse(v.startDate)) / DAY_MS + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['endDate'], message: payrollMessages.endBeforeStart });
    else if (days > MAX_PAYROLL_DAYS)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: payrollMessages.periodTooLong });
  });
export type GeneratePayrollBody = z.infer<typeof generatePayrollBody>;

export const payrollParams = orgParam.extend({ id: idParam.shape.id });
/** POST payrolls/{id}/workers/{lineId}/pay: the payroll line's own id. */
export const payrollLineParams = payrollParams.extend({ lineId: idParam.shape.id });
/** POST payrolls/{id}/workers/{workerId}/pdf: the worker's (user's) id. */
export const payrollWorkerParams = payrollParams.extend({ workerId: idParam.shape.id });

/** A payroll as the list and the detail show it. */
export const payroll = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  companyId: z.number().int(),
  companyType: z.number().int(),
  companyIdentifier: z.string(),
  companyName: z.string(),
  companyAlias: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  /** No line is paid yet. */
  canRemove: z.boolean(),
});
export type Payroll = z.infer<typeof payroll>;
export const payrollListResponse = listResponse(payroll);
/** 201 of POST payrolls: the new payroll with how many lines it got and their total. */
export const generatePayrollResponse = payroll.extend({ lines: z.number().int(), total: z.number() });

/** GET payrolls/{id}: the payroll, its totals and its workers (the options of the worker filter). */
export const payrollDetail = payroll.extend({
  lines: z.number().int(),
  paidLines: z.number().int(),
  total: z.number(),
  paidTotal: z.number(),
  workers: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type PayrollDetail = z.infer<typeof payrollDetail>;

/** GET payrolls/{id}/workers: worker (user id) filter and q over worker name, order number and nature. */
export const payrollLinesQuery = listQuery.extend({ worker: z.coerce.number().int().positive().optional() });
export type PayrollLinesQuery = z.infer<typeof payrollLinesQuery>;

export const payrollLine = z.object({
  id: z.number().int(),
  invoiceId: z.number().int(),
  invoiceNumber: z.number().int(),
  invoiceStartedAt: z.string().nullable(),
  invoiceFinishedAt: z.string().nullable(),
  transactionNature: z.string(),
  workerId: z.number().int(),
  workerName: z.string(),
  value: z.number(),
  /** How the value was computed, one step a sentence ('10% de R$ 450,00 em serviços = R$ 45,00'); empty on lines made before pay rules. */
  explanation: z.array(z.string()),
  paidAt: z.string().nullable(),
});
export type PayrollLine = z.infer<typeof payrollLine>;
export const payrollLinesResponse = listResponse(payrollLine);

/** GET payrolls/pending: completed orders with unpaid workers that are in no payroll yet. */
export const pendingOrder = z.object({
  invoiceId: z.number().int(),
  invoiceNumber: z.number().int(),
  finishedAt: z.string().nullable(),
  companyName: z.string(),
  customerName: z.string(),
  workers: z.array(z.string()),
});
export type PendingOrder = z.infer<typeof pendingOrder>;
export const pendingOrdersResponse = listResponse(pendingOrder);

/** GET /api/pdfs/payrolls/{id}/workers/{workerId}?token=... (the link POST .../pdf answers). */
export const paySlipParams = z.object({ id: idParam.shape.id, workerId: idParam.shape.id });
