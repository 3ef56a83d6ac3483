import { z } from 'zod';
import { listQuery, listResponse, pathId } from './common.ts';
import { equipmentHistoryEntry } from './equipments.ts';

// What the customer's portal shows: their own records of their own organization, nothing of the
// office's work beyond what a customer receives (no costs, no internal notes, only photos marked visible).

/** GET /api/portal/orders?open=true|false: the customer's orders (drafts never), newest first. */
export const portalOrderQuery = listQuery.extend({
  open: z.enum(['true', 'false']).optional(),
});
export type PortalOrderQuery = z.infer<typeof portalOrderQuery>;

export const portalOrder = z.object({
  id: z.number().int(),
  number: z.number().int(),
  statusLabel: z.string(),
  state: z.number().int(),
  /** Not yet completed nor canceled. */
  open: z.boolean(),
  createdAt: z.string(),
  scheduledAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  total: z.number(),
  equipments: z.array(z.string()),
  /** The order's page (view, sign, PDF) with its token. */
  pageUrl: z.string(),
});
export type PortalOrder = z.infer<typeof portalOrder>;
export const portalOrderList = listResponse(portalOrder);

export const portalIdParam = z.object({ id: pathId() });
export const portalPictureParams = z.object({ id: pathId(), pictureId: pathId() });

/** GET /api/portal/orders/{id}: the order with its lines and the photos the office marked visible. */
export const portalOrderDetail = portalOrder.extend({
  reportedProblem: z.string().nullable(),
  lines: z.array(z.object({ name: z.string(), quantity: z.number(), price: z.number() })),
  pictures: z.array(z.object({ id: z.number().int(), name: z.string(), thumbnail: z.string() })),
  /** The completed order's rating: its page (the same as the completion's message) and the score given, if any. */
  rating: z.object({ url: z.string(), score: z.number().int().nullable() }).nullable(),
});
export type PortalOrderDetail = z.infer<typeof portalOrderDetail>;

/** GET /api/portal/estimates: the estimates sent to the customer (drafts never), newest first. */
export const portalEstimate = z.object({
  id: z.number().int(),
  number: z.number().int(),
  statusLabel: z.string(),
  status: z.number().int(),
  createdAt: z.string(),
  total: z.number(),
  /** Still open for an answer, through a link still valid. */
  canDecide: z.boolean(),
  decision: z.enum(['approved', 'declined']).nullable(),
  /** The approval page with its token while the link works (details, PDF); null otherwise. */
  pageUrl: z.string().nullable(),
  contentHash: z.string().nullable(),
});
export type PortalEstimate = z.infer<typeof portalEstimate>;
export const portalEstimateList = listResponse(portalEstimate);

/** GET /api/portal/equipments: the customer's machines, each with its warranty's end. */
export const portalEquipment = z.object({
  id: z.number().int(),
  name: z.string(),
  brand: z.string(),
  model: z.string(),
  serialNumber: z.string(),
  location: z.string().nullable(),
  warrantyUntil: z.string().nullable(),
});
export type PortalEquipment = z.infer<typeof portalEquipment>;
export const portalEquipmentList = listResponse(portalEquipment);
/** GET /api/portal/equipments/{id}/history: the orders the machine was on (pictures: the visible ones). */
export const portalEquipmentHistory = listResponse(equipmentHistoryEntry);

/** GET /api/portal/receivables: the customer's instalments, open first; each open one with its Pix code. */
export const portalReceivable = z.object({
  id: z.number().int(),
  invoiceId: z.number().int(),
  invoiceNumber: z.number().int(),
  installmentNumber: z.number().int(),
  installmentCount: z.number().int(),
  amount: z.number(),
  dueDate: z.string(),
  paid: z.boolean(),
  overdue: z.boolean(),
  /** Pix 'copia e cola' and its QR code (PNG data URL); null when paid or the company has no Pix key. */
  pix: z.object({ code: z.string(), qr: z.string() }).nullable(),
});
export type PortalReceivable = z.infer<typeof portalReceivable>;
export const portalReceivableList = listResponse(portalReceivable);

/** GET /api/portal/nfse: the customer's NFS-e with a DANFSe. */
export const portalNfse = z.object({
  id: z.number().int(),
  invoiceId: z.number().int(),
  invoiceNumber: z.number().int(),
  nfseNumber: z.string().nullable(),
  status: z.string(),
  issuedAt: z.string().nullable(),
  amount: z.number().nullable(),
});
export type PortalNfse = z.infer<typeof portalNfse>;
export const portalNfseList = listResponse(portalNfse);

/** GET /api/portal/pmoc: the customer's maintenance plans, and the years a PMOC document exists for. */
export const portalPmocPlan = z.object({
  id: z.number().int(),
  name: z.string(),
  startDate: z.string(),
  years: z.array(z.number().int()),
});
export type PortalPmocPlan = z.infer<typeof portalPmocPlan>;
export const portalPmocList = listResponse(portalPmocPlan);
export const portalPmocParams = z.object({ id: pathId(), year: z.coerce.number().int().min(2000).max(2100) });

/** POST /api/portal/my-data/forget: the customer asks to be forgotten; the office is told. */
export const portalForgetBody = z.object({
  reason: z.string().trim().max(1000, 'Deve ter no máximo 1000 caracteres').optional(),
});
export type PortalForgetBody = z.infer<typeof portalForgetBody>;

export const portalRecordMessages = {
  forgetRequested:
    'Pedido recebido. A empresa vai analisar e responder; os dados exigidos por lei (notas fiscais) são mantidos pelo prazo legal.',
  estimateClosed: 'Este orçamento não está mais aberto para resposta.',
  linkExpired: 'O prazo para responder este orçamento acabou. Peça um novo à empresa.',
} as const;
