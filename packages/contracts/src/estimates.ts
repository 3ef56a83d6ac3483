import { z } from 'zod';
import { customerDecision, estimateShare } from './estimate-sharing.ts';
import { businessDateTime, idParam, listQuery, listResponse, money, orgParam } from './common.ts';
import { anyQuantity, wholeQuantity } from './unit-schemas.ts';
import { recordHeadFields, recordTag, serviceLineFields, productLineFields, equipmentLineFields } from './records.ts';
import { loadedVersion, recordVersion } from './record-versions.ts';

/** Estimate status values (stored): Draft 0, Wip 1, Completed 10 (approved), Canceled -1. */
export const EstimateStatus = { Draft: 0, Wip: 1, Completed: 10, Canceled: -1 } as const;
export type EstimateStatusValue = (typeof EstimateStatus)[keyof typeof EstimateStatus];
export const estimateStatusLabels: Record<EstimateStatusValue, string> = {
  0: 'Rascunho',
  1: 'Em Andamento',
  10: 'Aprovado',
  [-1]: 'Cancelado',
};
/**
 * The status as the customer's copy (PDF) prints it: a draft is marked as such, a quote being
 * negotiated is awaiting the customer's approval; the shop's own workflow words are never printed.
 */
export const estimateDocumentStatusLabels: Record<EstimateStatusValue, string> = {
  0: 'RASCUNHO',
  1: 'Aguardando aprovação',
  10: 'Aprovado',
  [-1]: 'Cancelado',
};
export const estimateStatusList: EstimateStatusValue[] = [
  EstimateStatus.Draft,
  EstimateStatus.Wip,
  EstimateStatus.Completed,
  EstimateStatus.Canceled,
];

/**
 * Which status may follow which: Draft → Wip ('Iniciar') or Canceled; Wip → Completed ('Aprovar') or
 * Canceled; Completed and Canceled are final. 'Cancelar' is therefore offered on Draft and on Wip.
 */
export const estimateTransitions: Record<EstimateStatusValue, EstimateStatusValue[]> = {
  0: [EstimateStatus.Wip, EstimateStatus.Canceled],
  1: [EstimateStatus.Completed, EstimateStatus.Canceled],
  10: [],
  [-1]: [],
};
/** Lines, pictures and the discount change only while Draft or Wip; tags, notes and reminders always. */
export const isEstimateEditable = (status: number) => status === EstimateStatus.Draft || status === EstimateStatus.Wip;

/** Comment types on estimates: General 1 (printed), Internal 2 (the shop's only). */
export const EstimateCommentType = { General: 1, Internal: 2 } as const;

/** pt-BR texts of estimates, word for word where the screens give them. */
/** Estimate e-mails one organization may send in a minute, counted across every instance. */
export const ESTIMATE_EMAILS_PER_MINUTE = 30;

export const estimateMessages = {
  emailsTooFast: 'Muitos e-mails de orçamento enviados em pouco tempo. Aguarde um minuto e tente novamente.',
  created: 'Orçamento criado com sucesso',
  confirmStatus: 'Você deseja alterar o status do Orçamento? Essa ação não poderá ser desfeita',
  statusChanged: 'O status do Orçamento foi alterado',
  /** What each move does, said before the confirmation asks. */
  moveExplained: {
    1: 'Iniciar passa o orçamento de Rascunho para Em Andamento: ele está com o cliente, à espera da aprovação, e os itens ainda podem ser alterados.',
    10: 'Aprovar registra que o cliente aceitou o orçamento: os itens ficam fixos e podem gerar ordens de serviço.',
    [-1]: 'Cancelar encerra o orçamento sem aprovação: ele não poderá mais ser alterado nem gerar ordens de serviço.',
  } as Record<number, string>,
  statusFailed: 'Houve um problema ao processar a sua solicitação',
  notAllowed: 'Não é possível alterar o status deste Orçamento',
  removeFailed: (item: 'produto' | 'serviço' | 'equipamento' | 'etiqueta' | 'comentário' | 'foto') =>
    `Houve um problema ao tentar remover ${item === 'etiqueta' || item === 'foto' ? 'a' : 'o'} ${item} do Orçamento. Tente novamente.`,
  tagRemoved: 'A etiqueta foi removida do Orçamento',
  sent: 'O Orçamento foi enviado',
  selectInvoice: 'Selecione uma ordem de serviço',
  nothingSelected: 'Selecione ao menos um equipamento, serviço ou produto',
  generateConfirm: 'Adicionar os itens selecionados à ordem de serviço?',
  generated: 'Os itens foram adicionados à ordem de serviço',
  onlyCompleted: 'Somente orçamentos aprovados geram ordens de serviço',
  invoiceClosed: 'Ordens de serviço canceladas ou concluídas não recebem itens',
  invoiceNotOfEstimate: 'Esta ordem de serviço não foi gerada a partir deste orçamento',
  lineAlreadyAssigned: 'Este item já foi adicionado a outra ordem de serviço',
  unitsUnavailable: (remaining: number) => `Restam apenas ${remaining} unidade(s) deste item`,
  groupedWhole: 'Itens agrupados ou medidos (kg, m, l…) vão inteiros para a ordem de serviço',
  wholeUnits: 'Informe um número inteiro de unidades',
  lineNotFound: 'Item não encontrado neste orçamento',
  closed: 'Orçamentos aprovados ou cancelados não podem ter itens, fotos ou desconto alterados',
  discountTooHigh: 'O desconto não pode ser maior que o subtotal',
  discountSaved: 'Desconto registrado com sucesso',
  totalTooHigh: 'O valor total do orçamento ficaria acima do permitido',
  duplicateEquipment: 'Este equipamento já está no orçamento',
  equipmentNotOfCustomer: 'O equipamento não pertence ao cliente do orçamento',
  tagAlreadyOnEstimate: 'Esta etiqueta já está no orçamento',
  reminderRequired: 'Selecione o lembrete',
  reminderAtRequired: 'Informe a data do lembrete',
  reminderNotAvailable: 'Lembrete não encontrado ou inativo',
  reminderAlreadyScheduled: 'Este lembrete já está agendado neste orçamento',
  reminderSaved: 'A data foi registrada com sucesso',
  pdfLinkInvalid: 'Link do PDF inválido. Volte ao orçamento e gere o PDF novamente.',
  pdfLinkExpired: 'Este link do PDF expirou. Volte ao orçamento e gere o PDF novamente.',
} as const;

const id = (message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).positive({ error: message });

export const estimateParams = orgParam.extend({ id: idParam.shape.id });
/** DELETE estimates/{id}/services|products|equipments/{lineId}: the estimate line's own id. */
export const estimateLineParams = estimateParams.extend({ lineId: idParam.shape.id });
export const estimateTagParams = estimateParams.extend({ tagId: idParam.shape.id });
export const estimateCommentParams = estimateParams.extend({ commentId: idParam.shape.id });
export const estimatePictureParams = estimateParams.extend({ pictureId: idParam.shape.id });
/** PATCH estimates/{id}/reminders/{reminderId}: the scheduled reminder's own id. */
export const estimateReminderParams = estimateParams.extend({ reminderId: idParam.shape.id });

// ---- list ----------------------------------------------------------------------------------------

const statusList = z
  .union([z.coerce.number().int(), z.array(z.coerce.number().int())])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
  .refine((list) => list.every(isEstimateStatus), 'Status inválido');

const isEstimateStatus = (v: number): v is EstimateStatusValue => (estimateStatusList as number[]).includes(v);

/** GET estimates: customer, statuses (repeatable), q, skip, take. */
export const estimateFilterQuery = listQuery.extend({
  customer: z.coerce.number().int().positive().optional(),
  statuses: statusList,
});
export type EstimateFilterQuery = z.infer<typeof estimateFilterQuery>;
export type EstimateFilterInput = z.input<typeof estimateFilterQuery>;

export const estimateListRow = z.object({
  ...recordHeadFields,
  status: z.number().int(),
  /** Left out for a reader without `price.see`, like every price below. */
  total: z.number().optional(),
  estimateTags: z.array(recordTag),
});
export type EstimateListRow = z.infer<typeof estimateListRow>;
export const estimateListResponse = listResponse(estimateListRow);

// ---- detail --------------------------------------------------------------------------------------

export const estimateServiceLine = z.object({
  ...serviceLineFields,
  itemNumber: z.number().int(),
  price: z.number().optional(),
  isGrouped: z.boolean(),
});
export type EstimateServiceLine = z.infer<typeof estimateServiceLine>;
export const estimateProductLine = z.object({
  ...productLineFields,
  itemNumber: z.number().int(),
  price: z.number().optional(),
  isGrouped: z.boolean(),
});
export type EstimateProductLine = z.infer<typeof estimateProductLine>;
export const estimateEquipmentLine = z.object({
  ...equipmentLineFields,
  description: z.string().nullable(),
});
export type EstimateEquipmentLine = z.infer<typeof estimateEquipmentLine>;

/** The deposit as the estimate states it, and what it comes to on the current total. */
export const estimateDeposit = z
  .object({ kind: z.enum(['percent', 'value']), value: z.number(), amount: z.number() })
  .nullable();
export const estimateDetail = z.object({
  ...recordHeadFields,
  status: z.number().int(),
  updatedAt: z.string(),
  /** The row's version: the screen sends it back with its writes (409 when the estimate changed meanwhile). */
  version: recordVersion,
  transactionNatureId: z.number().int(),
  customerEmail: z.string().nullable(),
  /** The customer's phone, for the approval link sent on WhatsApp. */
  customerPhone: z.string().nullable(),
  /** The same phone in E.164 ('+5511987654321'), for the wa.me link; null when it could not be read. */
  customerPhoneE164: z.string().nullable(),
  subTotal: z.number().optional(),
  discount: z.number().optional(),
  total: z.number().optional(),
  /** The deposit the estimate asks (shown with the values). */
  deposit: estimateDeposit.optional(),
  estimateEquipments: z.array(estimateEquipmentLine),
  estimateServices: z.array(estimateServiceLine),
  estimateProducts: z.array(estimateProductLine),
  estimateTags: z.array(recordTag),
  /** The statuses the estimate may move to now. */
  allowedStatuses: z.array(z.number().int()),
  /** The public link while it works, and the customer's latest answer through a link. */
  share: estimateShare,
  customerDecision: customerDecision.nullable(),
});
export type EstimateDetail = z.infer<typeof estimateDetail>;

// ---- writes --------------------------------------------------------------------------------------

/** POST estimates: company and nature required; the customer too (an estimate is for someone). */
export const createEstimateBody = z.object({
  company: id('Selecione a empresa'),
  customer: id('Selecione o cliente'),
  transactionNature: id('Selecione a natureza da operação'),
});
export type CreateEstimateBody = z.infer<typeof createEstimateBody>;
export const createEstimateResponse = z.object({ id: z.number().int(), number: z.number().int() });

/** PATCH estimates/{id}. */
export const estimateStatusBody = z.object({
  status: z
    .number({ error: 'Status inválido' })
    .int('Status inválido')
    .refine(isEstimateStatus, 'Status inválido')
    .transform((v) => v as EstimateStatusValue),
  ...loadedVersion,
});
export type EstimateStatusBody = z.infer<typeof estimateStatusBody>;

export const addEstimateServiceBody = z.object({
  service: id('Selecione o serviço'),
  quantity: wholeQuantity,
  isGrouped: z.boolean().default(false),
  description: z.string().trim().max(1000, 'Deve ter no máximo 1000 caracteres').nullish(),
});
export type AddEstimateServiceBody = z.input<typeof addEstimateServiceBody>;
export const addEstimateProductBody = z.object({
  product: id('Selecione o produto'),
  /** Checked against the product's unit by the server (422 on `quantity`). */
  quantity: anyQuantity,
  isGrouped: z.boolean().default(false),
});
export type AddEstimateProductBody = z.input<typeof addEstimateProductBody>;
export const addEstimateEquipmentBody = z.object({ equipment: id('Selecione o equipamento') });

/** POST estimates/{id}/discount: at least 0.01, or 0 to remove it. */
export const estimateDiscountBody = z.object({
  discount: money({ min: 0 }).refine((v) => v === 0 || v >= 0.01, 'O desconto deve ser no mínimo 0,01'),
  ...loadedVersion,
});
export type EstimateDiscountBody = z.infer<typeof estimateDiscountBody>;

/**
 * The deposit ('entrada') the estimate asks before the work, which its Pix offers: a percentage of the
 * total (1 to 100, up to 2 decimals), a value (up to the total), or none (then no Pix is offered).
 */
export const estimateDepositKinds = ['none', 'percent', 'value'] as const;
export type EstimateDepositKind = (typeof estimateDepositKinds)[number];
export const estimateDepositLabels: Record<EstimateDepositKind, string> = {
  none: 'Sem entrada',
  percent: 'Percentual do total',
  value: 'Valor',
};
export const depositMessages = {
  kind: 'Escolha sem entrada, percentual ou valor',
  percent: 'A entrada deve ser de 1% a 100% do total',
  value: 'Informe o valor da entrada',
  aboveTotal: 'A entrada não pode ser maior que o total do orçamento',
  saved: 'Entrada registrada com sucesso',
};
/** POST estimates/{id}/deposit. */
export const estimateDepositBody = z
  .object({
    kind: z.enum(estimateDepositKinds, { error: depositMessages.kind }),
    value: z.number({ error: depositMessages.value }).nullish(),
    ...loadedVersion,
  })
  .superRefine((b, ctx) => {
    const v = b.value;
    const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
    if (b.kind === 'percent' && (v == null || v < 1 || v > 100 || !twoDecimals(v)))
      ctx.addIssue({ code: 'custom', path: ['value'], message: depositMessages.percent });
    if (b.kind === 'value' && (v == null || v < 0.01 || v > 99_999_999.99 || !twoDecimals(v)))
      ctx.addIssue({ code: 'custom', path: ['value'], message: depositMessages.value });
  });
export type EstimateDepositBody = z.input<typeof estimateDepositBody>;
/** The deposit in cents: a percentage of the total rounded to the cent, or the value capped at the total. */
export function depositCents(d: { percentBp: number | null; cents: number | null }, totalCents: number): number {
  if (d.percentBp !== null) return Math.round((totalCents * d.percentBp) / 10_000);
  return d.cents !== null ? Math.min(d.cents, totalCents) : 0;
}

export const estimateComment = z.object({
  id: z.number().int(),
  comment: z.string(),
  type: z.number().int(),
  createdAt: z.string(),
  userName: z.string(),
});
export type EstimateComment = z.infer<typeof estimateComment>;
export const estimateCommentsResponse = z.object({ data: z.array(estimateComment) });
export const addEstimateCommentBody = z.object({
  comment: z
    .string({ error: 'Informe o comentário' })
    .trim()
    .min(1, 'Informe o comentário')
    .max(5000, 'Deve ter no máximo 5000 caracteres'),
  type: z.union([z.literal(EstimateCommentType.General), z.literal(EstimateCommentType.Internal)], {
    error: 'Tipo de comentário inválido',
  }),
});
export type AddEstimateCommentBody = z.infer<typeof addEstimateCommentBody>;

// ---- reminders -----------------------------------------------------------------------------------

/** A date-time: an ISO instant with offset, or a datetime-local value (read in the organization's zone by the form). */
const reminderAt = businessDateTime(estimateMessages.reminderAtRequired);

export const estimateReminder = z.object({
  id: z.number().int(),
  reminderId: z.number().int(),
  reminderAt: z.string(),
  description: z.string(),
  processedAt: z.string().nullable(),
  isRequired: z.boolean(),
});
export type EstimateReminder = z.infer<typeof estimateReminder>;
export const estimateRemindersResponse = z.object({ data: z.array(estimateReminder) });
export const addEstimateReminderBody = z.object({ reminder: id(estimateMessages.reminderRequired), reminderAt });
export type AddEstimateReminderBody = z.infer<typeof addEstimateReminderBody>;
export const moveEstimateReminderBody = z.object({ reminderAt });
export type MoveEstimateReminderBody = z.infer<typeof moveEstimateReminderBody>;

// ---- orders generated from the estimate ----------------------------------------------------------

export const estimateInvoice = z.object({
  id: z.number().int(),
  number: z.number().int(),
  createdAt: z.string(),
  statusState: z.number().int(),
  statusLabel: z.string(),
  /** Canceled or Completed orders take no more lines. */
  isClosed: z.boolean(),
  servicesCount: z.number().int(),
  productsCount: z.number().int(),
  equipmentsCount: z.number().int(),
});
export type EstimateInvoice = z.infer<typeof estimateInvoice>;

/** What is left to put on orders: canceled orders do not count. */
export const remainingLine = z.object({
  id: z.number().int(),
  itemNumber: z.number().int(),
  name: z.string(),
  description: z.string().nullable().optional(),
  quantity: z.number(),
  /** A product's unit (null: a service), so the quantities read '1,75 kg'. */
  unit: z.string().nullable(),
  isGrouped: z.boolean(),
  remaining: z.number(),
});
export type RemainingLine = z.infer<typeof remainingLine>;
export const remainingEquipment = estimateEquipmentLine.pick({
  id: true,
  name: true,
  brand: true,
  model: true,
  serialNumber: true,
});
export const estimateInvoicesResponse = z.object({
  data: z.array(estimateInvoice),
  remaining: z.object({
    equipments: z.array(remainingEquipment),
    services: z.array(remainingLine),
    products: z.array(remainingLine),
  }),
});
export type EstimateInvoicesResponse = z.infer<typeof estimateInvoicesResponse>;

/** How much of a line goes: whole units, or a fractional line's (kg, m…) whole quantity, up to 3 decimals. */
const pick = z.object({
  id: z.number().int().positive(),
  quantity: z
    .number()
    .min(0.001)
    .max(100_000)
    .refine((n) => Math.abs(n * 1000 - Math.round(n * 1000)) < 1e-6, 'Use no máximo 3 casas decimais'),
});
/**
 * POST estimates/{id}/invoices: `invoice` is one of the estimate's open orders, or null for a new one
 * ('Nova +'). Services and products say how many units go; a grouped line goes whole.
 */
export const generateInvoiceBody = z
  .object({
    invoice: z.number().int().positive().nullable(),
    equipments: z.array(z.number().int().positive()).max(500).default([]),
    services: z.array(pick).max(500).default([]),
    products: z.array(pick).max(500).default([]),
  })
  .refine((b) => b.equipments.length + b.services.length + b.products.length > 0, {
    message: estimateMessages.nothingSelected,
    path: ['equipments'],
  });
export type GenerateInvoiceBody = z.input<typeof generateInvoiceBody>;
export const generateInvoiceResponse = z.object({ id: z.number().int(), number: z.number().int() });
