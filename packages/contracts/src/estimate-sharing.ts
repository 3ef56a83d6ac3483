import { z } from 'zod';
import { idParam } from './common.ts';
import { pngDataUrl, withoutBidiControls } from './common.ts';

// ---- the public link to an estimate (approve or decline online) ----------------------------------

/** How long a shared estimate's link works; it is also the proposal's validity shown on the page. */
export const ESTIMATE_SHARE_DAYS = 30;

/** The public page of a shared estimate (the SPA route). */
export const estimateSharePath = (estimateId: number, token: string) =>
  `/estimates/${estimateId}/review?token=${encodeURIComponent(token)}`;

export const EstimateDecision = { Approved: 1, Declined: 2 } as const;
export type EstimateDecisionValue = (typeof EstimateDecision)[keyof typeof EstimateDecision];

export const estimateShareMessages = {
  linkInvalid: 'Link inválido ou revogado',
  linkExpired: 'Este link expirou. Peça um novo link à empresa.',
  cannotShare: 'Só é possível compartilhar um orçamento em Rascunho ou Em Andamento',
  alreadyDecided: 'Este orçamento já foi respondido por este link',
  changed: 'Este orçamento foi alterado. Confira a nova versão antes de responder.',
  notOpen: 'Este orçamento não está mais aberto para resposta',
  nameRequired: 'Informe seu nome',
  emptySignature: 'A assinatura está em branco',
} as const;

/** POST estimates/{id}/share: the link (relative to the app) and until when it works. */
export const estimateShareResponse = z.object({ url: z.string(), expiresAt: z.string() });
export type EstimateShareResponse = z.infer<typeof estimateShareResponse>;

/** The customer's answer with its evidence, as the estimate screen shows it. */
export const customerDecision = z.object({
  decision: z.enum(['approved', 'declined']),
  name: z.string().nullable(),
  reason: z.string().nullable(),
  decidedAt: z.string(),
  ip: z.string(),
  userAgent: z.string().nullable(),
  /** The SHA-256 of the estimate as the page showed it when the customer answered. */
  contentHash: z.string(),
  /** The drawn signature of an approval, a PNG data URL. */
  signature: z.string().nullable(),
});
export type CustomerDecision = z.infer<typeof customerDecision>;

/** The estimate's link while it works (null: never shared, revoked or expired). */
export const estimateShare = z.object({ url: z.string(), expiresAt: z.string() }).nullable();

export const publicEstimateParams = idParam;
/** The token is checked by the service: missing or wrong is a 404, never a 422 that confirms the id. */
export const publicEstimateQuery = z.object({ token: z.string().max(2000).optional() });

/** What the customer's page shows: the quote as sent, nothing internal (no notes, no costs). */
export const publicEstimate = z.object({
  id: z.number().int(),
  number: z.number().int(),
  companyName: z.string(),
  companyIdentifier: z.string(),
  companyType: z.number().int(),
  /** The company's logo as a data URL, shrunk for the page (null: none). */
  logo: z.string().nullable(),
  customerName: z.string(),
  natureName: z.string(),
  /** The organization's IANA time zone: the page shows its dates there, whatever the phone's zone. */
  timeZone: z.string(),
  createdAt: z.string(),
  /** Until when the link, and so the proposal, is valid. */
  expiresAt: z.string(),
  services: z.array(
    z.object({ name: z.string(), description: z.string().nullable(), quantity: z.number(), price: z.number() }),
  ),
  products: z.array(z.object({ name: z.string(), unit: z.string(), quantity: z.number(), price: z.number() })),
  equipments: z.array(z.object({ name: z.string(), brand: z.string(), model: z.string(), serialNumber: z.string() })),
  subTotal: z.number(),
  discount: z.number(),
  total: z.number(),
  /** The total payable by PIX (code and QR as a PNG data URL); null without the company's key. */
  pix: z.object({ code: z.string(), qr: z.string(), amount: z.number() }).nullable(),
  /** What this page shows, to send back with the answer (an answer to an older version is refused). */
  contentHash: z.string(),
  /** The estimate changed after the link was sent: the page shows the current version. */
  changedSinceShared: z.boolean(),
  /** Whether an answer is still taken through this link. */
  canDecide: z.boolean(),
  /** The answer given through this link. */
  decision: z
    .object({
      decision: z.enum(['approved', 'declined']),
      name: z.string().nullable(),
      reason: z.string().nullable(),
      decidedAt: z.string(),
    })
    .nullable(),
});
export type PublicEstimate = z.infer<typeof publicEstimate>;

const contentHashField = z
  .string()
  .regex(/^[0-9a-f]{64}$/, 'Versão do orçamento inválida')
  .optional();
const customerName = z
  .string({ error: estimateShareMessages.nameRequired })
  .overwrite(withoutBidiControls)
  .trim()
  .min(2, estimateShareMessages.nameRequired)
  .max(120, 'Deve ter no máximo 120 caracteres');

/** POST /api/public/estimates/{id}/approve: the customer's name, maybe a drawn signature. */
export const publicApproveBody = z.object({
  name: customerName,
  signature: pngDataUrl.optional(),
  contentHash: contentHashField,
});
export type PublicApproveBody = z.infer<typeof publicApproveBody>;

/** POST /api/public/estimates/{id}/decline: maybe a name and a reason. */
export const publicDeclineBody = z.object({
  name: customerName.optional().or(z.literal('').transform(() => undefined)),
  reason: z.string().trim().max(1000, 'Deve ter no máximo 1000 caracteres').optional(),
  contentHash: contentHashField,
});
export type PublicDeclineBody = z.infer<typeof publicDeclineBody>;
