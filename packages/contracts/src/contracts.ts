import { z } from 'zod';
import { calendarDate, entityId, idParam, listMeta, listQuery, money, optionalText, orgParam } from './common.ts';
import { maintenanceFrequencies } from './maintenance-schedule.ts';
import { loadedVersion, recordVersion } from './record-versions.ts';

/** pt-BR texts of the maintenance contracts: fixed wording; change only with the screens and tests. */
export const contractMessages = {
  created: 'Contrato criado com sucesso',
  updated: 'Contrato alterado com sucesso',
  readjusted: 'Reajuste registrado',
  companyRequired: 'Selecione a empresa',
  customerRequired: 'Selecione o cliente',
  companyNotFound: 'Empresa não encontrada',
  customerNotFound: 'Cliente não encontrado',
  planNotOfCustomer: 'O plano de manutenção não é do cliente do contrato',
  planRepeated: 'Plano repetido',
  amountRequired: 'Informe o valor por período',
  amountPositive: 'O valor deve ser maior que zero',
  billingDayRange: 'Informe um dia de 1 a 31',
  startRequired: 'Informe o início do contrato',
  endBeforeStart: 'O fim deve ser igual ou posterior ao início',
  startTooOld: 'O contrato pode começar no máximo um ano antes de hoje',
  holdDaysRange: 'Informe de 1 a 365 dias',
  percentRange: 'Informe um percentual de -50 a 100',
  percentDecimals: 'Use no máximo 2 casas decimais',
  notAnniversary: (date: string) => `O próximo reajuste é no aniversário do contrato, em ${date}`,
  endedContract: 'Este contrato está encerrado',
  noIndex: 'Informe o índice de reajuste do contrato antes de reajustar',
  /** The charge's line on the period's order. */
  periodLine: (id: number, period: string) => `Contrato de manutenção nº ${id} — ${period}`,
} as const;

export const contractStatuses = ['ativo', 'suspenso', 'encerrado'] as const;
export type ContractStatus = (typeof contractStatuses)[number];
export const contractStatusLabels: Record<ContractStatus, string> = {
  ativo: 'Ativo',
  suspenso: 'Suspenso',
  encerrado: 'Encerrado',
};

/** The largest day number a billing day may have; a shorter month bills on its last day. */
export const MAX_BILLING_DAY = 31;

/**
 * POST contracts and PUT contracts/{id}: who is served by which company, the plans the contract covers,
 * what each period costs, how often and on which day it is charged, from when until when (no end:
 * open-ended), the readjustment's index, its state, and notes. `issueNfse` issues each period's NFS-e;
 * `holdVisitsAfterDays` (empty: off) holds the covered plans' next visits while a charge is that late.
 */
export const contractBody = z
  .object({
    company: entityId(contractMessages.companyRequired),
    customer: entityId(contractMessages.customerRequired),
    plans: z
      .array(entityId())
      .max(50, 'No máximo 50 planos')
      .superRefine((ids, ctx) => {
        ids.forEach((id, k) => {
          if (ids.indexOf(id) !== k)
            ctx.addIssue({ code: 'custom', path: [k], message: contractMessages.planRepeated });
        });
      })
      .default([]),
    amount: money({ min: 0.01, minMessage: contractMessages.amountPositive }),
    periodicity: z.enum(maintenanceFrequencies).default('monthly'),
    billingDay: z
      .number({ error: contractMessages.billingDayRange })
      .int(contractMessages.billingDayRange)
      .min(1, contractMessages.billingDayRange)
      .max(MAX_BILLING_DAY, contractMessages.billingDayRange),
    startDate: calendarDate(contractMessages.startRequired),
    endDate: z
      .union([calendarDate(), z.null()])
      .optional()
      .transform((v) => v ?? null),
    readjustmentIndex: optionalText(40),
    issueNfse: z.boolean().default(false),
    status: z.enum(contractStatuses).default('ativo'),
    notes: optionalText(2000),
    holdVisitsAfterDays: z
      .union([
        z
          .number({ error: contractMessages.holdDaysRange })
          .int(contractMessages.holdDaysRange)
          .min(1, contractMessages.holdDaysRange)
          .max(365, contractMessages.holdDaysRange),
        z.null(),
      ])
      .optional()
      .transform((v) => v ?? null),
    ...loadedVersion,
  })
  .superRefine((v, ctx) => {
    if (v.endDate && v.startDate && v.endDate < v.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: contractMessages.endBeforeStart });
  });
export type ContractBody = z.input<typeof contractBody>;
export type ContractValues = z.output<typeof contractBody>;

export const contractParams = orgParam.extend({ id: idParam.shape.id });

/** POST contracts/{id}/readjustments: the percentage of the index on the anniversary, typed by the user. */
export const contractReadjustmentBody = z.object({
  percent: z
    .number({ error: contractMessages.percentRange })
    .min(-50, contractMessages.percentRange)
    .max(100, contractMessages.percentRange)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, contractMessages.percentDecimals),
});
export type ContractReadjustmentBody = z.input<typeof contractReadjustmentBody>;

/** GET contracts: a page, searched by the contract's number or the customer's or company's name or CPF/CNPJ. */
export const contractListQuery = listQuery.extend({
  status: z.enum(contractStatuses).optional(),
  company: z.coerce.number().int().positive().optional(),
  periodicity: z.enum(maintenanceFrequencies).optional(),
});
export type ContractListQuery = z.input<typeof contractListQuery>;
/** The list's filters without the page, for the CSV. */
export const contractCsvQuery = contractListQuery.omit({ skip: true, take: true });

export const contractListItem = z.object({
  id: z.number().int(),
  companyName: z.string(),
  customerName: z.string(),
  amount: z.number(),
  periodicity: z.enum(maintenanceFrequencies),
  billingDay: z.number().int(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  status: z.enum(contractStatuses),
  /** The next period's billing day; null when none is left or the contract is not active. */
  nextBillingDate: z.string().nullable(),
});
export type ContractListItem = z.infer<typeof contractListItem>;
export const contractListResponse = z.object({
  data: z.array(contractListItem),
  /** total: contracts the filters match; mrr: the monthly recurring revenue of the active ones among them. */
  meta: listMeta.extend({ mrr: z.number() }),
});
export type ContractListResponse = z.infer<typeof contractListResponse>;

const named = z.object({ id: z.number().int(), name: z.string() });

export const contractReadjustment = z.object({
  anniversary: z.string(),
  indexName: z.string(),
  percent: z.number(),
  amountBefore: z.number(),
  amountAfter: z.number(),
  userName: z.string(),
  createdAt: z.string(),
});

export const contractPeriod = z.object({
  date: z.string(),
  amount: z.number(),
  invoiceId: z.number().int().nullable(),
  invoiceNumber: z.number().int().nullable(),
  receivableId: z.number().int().nullable(),
  paid: z.boolean(),
  nfseStatus: z.enum(['none', 'pending', 'requested', 'failed']),
});
export type ContractPeriod = z.infer<typeof contractPeriod>;

export const contract = z.object({
  id: z.number().int(),
  company: named,
  customer: named,
  plans: z.array(z.object({ id: z.number().int(), label: z.string() })),
  amount: z.number(),
  periodicity: z.enum(maintenanceFrequencies),
  billingDay: z.number().int(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  readjustmentIndex: z.string().nullable(),
  issueNfse: z.boolean(),
  status: z.enum(contractStatuses),
  notes: z.string().nullable(),
  holdVisitsAfterDays: z.number().int().nullable(),
  nextBillingDate: z.string().nullable(),
  /** The anniversary the next readjustment is for. */
  nextReadjustmentDate: z.string(),
  readjustments: z.array(contractReadjustment),
  /** The periods billed, newest first (at most the last 36). */
  periods: z.array(contractPeriod),
  endedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: recordVersion,
});
export type Contract = z.infer<typeof contract>;

/** The reminders of a charge already billed, by how late it is: each goes once. */
export const contractReminderKinds = ['overdue1', 'overdue7'] as const;
export type ContractReminderKind = (typeof contractReminderKinds)[number];

/** GET contracts/overdue: the contracts' charges past their due date and not received, oldest first. */
export const contractOverdueQuery = listQuery;
export const contractOverdueRow = z.object({
  contractId: z.number().int(),
  customerName: z.string(),
  companyName: z.string(),
  dueDate: z.string(),
  daysLate: z.number().int(),
  amount: z.number(),
  invoiceId: z.number().int(),
  invoiceNumber: z.number().int(),
  receivableId: z.number().int(),
  /** The covered plans' next visits are held for it (the contract holds them past that many days). */
  holdsVisits: z.boolean(),
});
export type ContractOverdueRow = z.infer<typeof contractOverdueRow>;
export const contractOverdueResponse = z.object({
  data: z.array(contractOverdueRow),
  /** total: the charges late; sum: what they add up to. */
  meta: listMeta.extend({ sum: z.number() }),
});
export type ContractOverdueResponse = z.infer<typeof contractOverdueResponse>;
