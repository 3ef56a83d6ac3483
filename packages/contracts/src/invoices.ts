import { z } from 'zod';
import { equipmentLineFields, productLineFields, recordHeadFields, recordTag, serviceLineFields } from './records.ts';
import { businessDateTime, calendarDate, idParam, listQuery, listResponse, money, orgParam, pathId } from './common.ts';
import { anyQuantity, wholeQuantity } from './unit-schemas.ts';
import { invoiceStateValues, type InvoiceStateValue } from './invoice-states.ts';
import { addressResponse } from './addresses.ts';
import { paymentMethod } from './payments.ts';
import { CommentType, invoiceListSorts, invoiceMessages } from './invoice-labels.ts';
import { loadedVersion, recordVersion } from './record-versions.ts';

/** Path params of one order: /organizations/{orgId}/invoices/{id}. */
export const invoiceParams = orgParam.extend({ id: idParam.shape.id });
/**
 * DELETE invoices/{id}/services|products|equipments|workers/{lineId}: the LINE's own `id` (the `id` of
 * InvoiceServiceLine, InvoiceProductLine, InvoiceEquipmentLine, InvoiceWorkerLine), not the catalogue,
 * equipment or user id: the same service or product may be on an order twice.
 */
export const invoiceLineParams = invoiceParams.extend({ lineId: idParam.shape.id });
/** GET invoices/{id}/signatures/{signatureId}/image. */
export const invoiceSignatureParams = invoiceParams.extend({ signatureId: idParam.shape.id });
/** POST invoices/{id}/block/{statusId} and cancel/{statusId}: an order status (situação) of that state. */
export const invoiceStatusChangeParams = invoiceParams.extend({ statusId: idParam.shape.id });
/**
 * POST invoices/{id}/start | todo | complete | block/{statusId} | cancel/{statusId}: the body may be left
 * out. With `version`, a state change on an order changed since it was read is refused (409, with the
 * order's state and status now), so a stale screen never moves back an order someone else moved.
 */
export const invoiceStateChangeBody = z.object({ ...loadedVersion }).nullish();
export type InvoiceStateChangeBody = z.infer<typeof invoiceStateChangeBody>;
/** GET invoices/{id}/comments/type/{type}. Types 3 (Internal) and 4 (System) are for admins. */
export const invoiceCommentTypeParams = invoiceParams.extend({ type: z.coerce.number().int().min(1).max(4) });
/** DELETE invoices/{id}/comments/{commentId}. */
export const invoiceCommentParams = invoiceParams.extend({ commentId: idParam.shape.id });

const id = (message: string) => pathId(message);

// ---- list ----------------------------------------------------------------------------------------

const idList = z
  .union([pathId(), z.array(pathId())])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));

/** Order states in a query (Blocked and Canceled are negative, so not ids): only the known values. */
const oneState = z.coerce
  .number()
  .int()
  .refine((v): v is InvoiceStateValue => (invoiceStateValues as number[]).includes(v), 'Formato inválido');
const stateList = z
  .union([oneState, z.array(oneState)])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));

/**
 * GET invoices/filter: customer, worker (admin), status (repeatable status ids), state (repeatable
 * states, what a home card's 'Ver todas' asks for), isPaid / isNotPaid, open (only orders still to
 * work: neither Completed nor Canceled, and not paid), q; sort = number (default, newest first) or
 * scheduled (soonest visit first, unscheduled last); scheduledFrom / scheduledTo: visits on those
 * days (the organization's calendar days, both included).
 */
export const invoiceFilterQuery = listQuery
  .extend({
    customer: pathId().optional(),
    worker: pathId().optional(),
    status: idList,
    state: stateList,
    isPaid: z.stringbool().optional(),
    isNotPaid: z.stringbool().optional(),
    open: z.stringbool().optional(),
    sort: z.enum(invoiceListSorts).default('number'),
    scheduledFrom: calendarDate().optional(),
    scheduledTo: calendarDate().optional(),
  })
  .refine((v) => !(v.isPaid && v.isNotPaid), { message: 'Escolha pago ou não pago', path: ['isPaid'] })
  .refine((v) => !v.scheduledFrom || !v.scheduledTo || v.scheduledTo >= v.scheduledFrom, {
    message: 'A data final deve ser igual ou posterior à inicial',
    path: ['scheduledTo'],
  });
export type InvoiceFilterQuery = z.infer<typeof invoiceFilterQuery>;

export const invoiceTag = recordTag;

export const invoiceListRow = z.object({
  ...recordHeadFields,
  statusId: z.number().int(),
  statusState: z.number().int(),
  statusLabel: z.string(),
  isPaid: z.boolean(),
  startedAt: z.string().nullable(),
  /** The scheduled visit, if any. */
  scheduledAt: z.string().nullable(),
  invoiceTags: z.array(invoiceTag),
});
export type InvoiceListRow = z.infer<typeof invoiceListRow>;
export const invoiceListResponse = listResponse(invoiceListRow);

/**
 * Home cards (admin): GET invoices/wip | completed | blocked, newest (highest number) first, at most
 * HOME_CARD_LIMIT rows each. wip = Todo or Wip (started or not, not finished); completed = Completed
 * and not paid (awaiting payment); blocked = Blocked.
 */
export const HOME_CARD_LIMIT = 10;
export const invoiceCardResponse = z.object({
  data: z.array(invoiceListRow),
  /** Every order of the card, not only the rows sent. */
  total: z.number().int(),
  /** Their total value (lines minus discount), in reais; left out for a reader without `price.see`. */
  amount: z.number().optional(),
});
export type InvoiceCardResponse = z.infer<typeof invoiceCardResponse>;

// ---- detail --------------------------------------------------------------------------------------

/** Prices are optional in every line: the server leaves them out for non-admins. */
export const invoiceServiceLine = z.object({
  ...serviceLineFields,
  price: z.number().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const invoiceProductLine = z.object({
  ...productLineFields,
  price: z.number().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const invoiceEquipmentLine = z.object({
  ...equipmentLineFields,
  description: z.string().nullable(),
});
export const invoiceWorkerLine = z.object({
  id: z.number().int(),
  workerId: z.number().int(),
  name: z.string(),
  paidAt: z.string().nullable(),
});

export const invoiceDetail = z.object({
  ...recordHeadFields,
  transactionNatureId: z.number().int(),
  statusId: z.number().int(),
  statusLabel: z.string(),
  statusState: z.number().int(),
  isPaid: z.boolean(),
  isSigned: z.boolean(),
  /** The estimate the order was generated from, if any. */
  estimateId: z.number().int().nullable(),
  estimateNumber: z.number().int().nullable(),
  /** The maintenance plan whose visit the order is, if any. */
  maintenancePlanId: z.number().int().nullable(),
  updatedAt: z.string(),
  /** The row's version: the forms send it back with their writes (409 when the order changed meanwhile). */
  version: recordVersion,
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  // The visit, for everyone on the order: whom to call, where to go, what is wrong and when.
  customerPhone: z.string().nullable(),
  /** The customer's phone in E.164, null when it is not a real number (WhatsApp and calls use it). */
  customerPhoneE164: z.string().nullable(),
  customerEmail: z.string().nullable(),
  reportedProblem: z.string().nullable(),
  scheduledAt: z.string().nullable(),
  address: addressResponse.nullable(),
  // Admin only (absent for collaborators):
  paymentDate: z.string().nullable().optional(),
  paymentDescription: z.string().nullable().optional(),
  subTotal: z.number().optional(),
  discount: z.number().optional(),
  total: z.number().optional(),
  invoiceInfo1: z.string().nullable().optional(),
  invoiceInfo2: z.string().nullable().optional(),
  isPayingJustTheHalf: z.boolean().optional(),
  payrollBonus: z.number().optional(),
  // Lines:
  invoiceServices: z.array(invoiceServiceLine),
  invoiceProducts: z.array(invoiceProductLine),
  invoiceEquipments: z.array(invoiceEquipmentLine),
  invoiceWorkers: z.array(invoiceWorkerLine),
  invoiceTags: z.array(invoiceTag),
  /** The latest signature with its evidence, or null; isSigned is true only while it is not outdated. */
  signature: z
    .object({
      /**
       * The signature's id. Its image (the drawing trimmed to its strokes and made small, as printed) is
       * GET invoices/{id}/signatures/{signatureId}/image, apart from the order: a drawing that fills the
       * phone's glass makes a copy of tens of KB, which the order's answer does not carry.
       */
      id: z.number().int(),
      /** The image's pixel size, so the screen keeps its place while it loads (null if unreadable). */
      width: z.number().int().nullable(),
      height: z.number().int().nullable(),
      signerName: z.string(),
      signedAt: z.string(),
      ip: z.string(),
      userAgent: z.string().nullable(),
      isOutdated: z.boolean(),
    })
    .nullable(),
  /** The public signing page's path (with its token) while the order is not validly signed. */
  signUrl: z.string().nullable(),
});
export type InvoiceDetail = z.infer<typeof invoiceDetail>;

/** GET invoices/{id}/allowed-changes: the states the order may move to now, for this user. */
export const allowedChangesResponse = z.object({ data: z.array(z.number().int()) });

// ---- writes --------------------------------------------------------------------------------------

/** POST invoices. */
export const createInvoiceBody = z.object({
  company: id(invoiceMessages.companyRequired),
  customer: id(invoiceMessages.customerRequired),
  transactionNature: id(invoiceMessages.natureRequired),
});
export type CreateInvoiceBody = z.infer<typeof createInvoiceBody>;

/** POST invoices/{id}/info (admin panel). An empty bonus counts as 0; a field left out keeps its value. */
export const invoiceInfoBody = z.object({
  invoiceInfo1: z.string().trim().max(100, 'Deve ter no máximo 100 caracteres').nullish(),
  invoiceInfo2: z.string().trim().max(100, 'Deve ter no máximo 100 caracteres').nullish(),
  isPayingJustTheHalf: z.boolean().optional(),
  payrollBonus: money({ min: 0 })
    .nullish()
    .transform((v) => (v === undefined ? undefined : (v ?? 0))),
  ...loadedVersion,
});
export type InvoiceInfoBody = z.input<typeof invoiceInfoBody>;

/**
 * POST invoices/{id}/visit (admin): the problem the customer reported, when the visit is booked (an
 * instant with its offset) and which of the customer's addresses the job is at. Empty or null clears a
 * field; a field left out keeps its value (a dialog sends only what the user changed).
 */
export const invoiceVisitBody = z.object({
  reportedProblem: z
    .string()
    .trim()
    .max(2000, 'Deve ter no máximo 2000 caracteres')
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null)),
  scheduledAt: businessDateTime(invoiceMessages.scheduledAtInvalid)
    .nullish()
    .transform((v) => (v === undefined ? undefined : (v ?? null))),
  address: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((v) => (v === undefined ? undefined : (v ?? null))),
  ...loadedVersion,
});
export type InvoiceVisitBody = z.input<typeof invoiceVisitBody>;

/** POST invoices/{id}/discount: at least 0.01, or 0 to remove it. */
export const discountBody = z.object({
  discount: money({ min: 0 }).refine((v) => v === 0 || v >= 0.01, 'O desconto deve ser no mínimo 0,01'),
  ...loadedVersion,
});
export type DiscountBody = z.infer<typeof discountBody>;

/** POST invoices/{id}/pay. */
export const payBody = z.object({
  date: calendarDate(invoiceMessages.dateRequired),
  description: z.string().trim().max(500, 'Deve ter no máximo 500 caracteres').nullish(),
  /** How the customer paid; absent: recorded as 'Não informado'. */
  method: paymentMethod.nullish(),
});
export type PayBody = z.infer<typeof payBody>;

export const addServiceBody = z.object({
  service: id(invoiceMessages.serviceRequired),
  quantity: wholeQuantity,
  description: z.string().trim().max(1000, 'Deve ter no máximo 1000 caracteres').nullish(),
});
export type AddServiceBody = z.infer<typeof addServiceBody>;
/** The quantity's decimals are checked against the product's unit by the server (422 on `quantity`). */
export const addProductBody = z.object({ product: id(invoiceMessages.productRequired), quantity: anyQuantity });
export type AddProductBody = z.infer<typeof addProductBody>;
export const addEquipmentBody = z.object({ equipment: id(invoiceMessages.equipmentRequired) });
export const addWorkerBody = z.object({ worker: id(invoiceMessages.workerRequired) });

export const invoiceComment = z.object({
  id: z.number().int(),
  comment: z.string(),
  type: z.number().int(),
  createdAt: z.string(),
  userName: z.string(),
  userId: z.number().int().nullable(),
});
export type InvoiceComment = z.infer<typeof invoiceComment>;
export const invoiceCommentsResponse = z.object({ data: z.array(invoiceComment) });
export const addCommentBody = z.object({
  comment: z
    .string({ error: invoiceMessages.commentRequired })
    .trim()
    .min(1, invoiceMessages.commentRequired)
    .max(5000, 'Deve ter no máximo 5000 caracteres'),
  type: z.union([z.literal(CommentType.General), z.literal(CommentType.Technical), z.literal(CommentType.Internal)], {
    error: 'Tipo de comentário inválido',
  }),
});
export type AddCommentBody = z.infer<typeof addCommentBody>;

/** POST invoices answers 201 with the new order's id and its number. */
export const createInvoiceResponse = z.object({ id: z.number().int(), number: z.number().int() });
