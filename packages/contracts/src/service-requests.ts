import { z } from 'zod';
import { entityId, listQuery, listResponse, optionalText, pathId, requiredString } from './common.ts';
import { optionalPhone } from './phone.ts';
import { emailField } from './users.ts';

// 'Solicitar atendimento': the customer asks for a visit (machine, problem, photos, preferred days and
// times) from their portal, or a new customer from the company's public form; the office turns it into
// an estimate or an order in one step, or closes it, and the customer follows its status.

export const serviceRequestStatuses = ['open', 'estimate', 'order', 'closed'] as const;
export type ServiceRequestStatusName = (typeof serviceRequestStatuses)[number];
export const serviceRequestStatusLabels: Record<ServiceRequestStatusName, string> = {
  open: 'Recebida',
  estimate: 'Orçamento criado',
  order: 'Ordem de serviço criada',
  closed: 'Encerrada',
};
export const preferredPeriods = ['morning', 'afternoon'] as const;
export const preferredPeriodLabels: Record<(typeof preferredPeriods)[number], string> = {
  morning: 'Manhã',
  afternoon: 'Tarde',
};
export const weekdayLabels = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'] as const;
/** Photos a request takes (sent after it, in one or more uploads). */
export const MAX_REQUEST_PHOTOS = 5;
/** The public form counts as filled by a person only after this long since it was opened. */
export const PUBLIC_FORM_MIN_SECONDS = 3;
/** Public requests per e-mail per hour. */
export const PUBLIC_REQUESTS_PER_EMAIL_HOUR = 3;

export const serviceRequestMessages = {
  created: 'Pedido de atendimento enviado. A empresa vai entrar em contato.',
  tooMany: 'Você já enviou vários pedidos em pouco tempo. Aguarde um pouco ou ligue para a empresa.',
  tooFast: 'O formulário foi enviado rápido demais. Confira os dados e envie de novo.',
  formExpired: 'O formulário expirou. Recarregue a página e envie de novo.',
  notOpen: 'Este pedido já foi atendido ou encerrado.',
  customerRequired: 'Selecione o cliente (cadastre-o antes, se for novo)',
  tooManyPhotos: `No máximo ${MAX_REQUEST_PHOTOS} fotos por pedido`,
  equipmentUnknown: 'Equipamento não encontrado',
} as const;

const wishes = {
  problem: requiredString(2000),
  preferredDays: z
    .array(z.number().int().min(0).max(6), { error: 'Dias inválidos' })
    .max(7)
    .default([])
    .transform((days) => [...new Set(days)].sort()),
  preferredPeriods: z
    .array(z.enum(preferredPeriods, { error: 'Período inválido' }))
    .max(2)
    .default([])
    .transform((p) => [...new Set(p)]),
  preferredNote: optionalText(300),
};

/** POST /api/portal/service-requests. */
export const portalServiceRequestBody = z.object({ equipment: entityId().nullish(), ...wishes });
export type PortalServiceRequestBody = z.infer<typeof portalServiceRequestBody>;
export type PortalServiceRequestInput = z.input<typeof portalServiceRequestBody>;

/**
 * POST /api/public/portal/{organizationId}/service-requests: the contact, the wishes, the form's token
 * (given with the page: it dates the form) and `website`, a field people never see nor fill.
 */
export const publicServiceRequestBody = z.object({
  name: requiredString(120),
  email: emailField,
  phone: optionalPhone,
  ...wishes,
  formToken: z.string().min(1, serviceRequestMessages.formExpired).max(2000),
  website: z.string().max(500).optional(),
});
export type PublicServiceRequestBody = z.infer<typeof publicServiceRequestBody>;
export type PublicServiceRequestInput = z.input<typeof publicServiceRequestBody>;
export const publicFormResponse = z.object({ formToken: z.string() });

export const serviceRequest = z.object({
  id: z.number().int(),
  number: z.number().int(),
  source: z.enum(['portal', 'public']),
  status: z.enum(serviceRequestStatuses),
  statusLabel: z.string(),
  customer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  contactName: z.string(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  equipment: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  problem: z.string(),
  preferredDays: z.array(z.number().int()),
  preferredPeriods: z.array(z.string()),
  preferredNote: z.string().nullable(),
  estimate: z.object({ id: z.number().int(), number: z.number().int() }).nullable(),
  order: z.object({ id: z.number().int(), number: z.number().int() }).nullable(),
  closedReason: z.string().nullable(),
  createdAt: z.string(),
  pictures: z.array(z.object({ id: z.number().int(), name: z.string(), thumbnail: z.string() })),
});
export type ServiceRequest = z.infer<typeof serviceRequest>;
export const serviceRequestList = listResponse(serviceRequest);

/** GET service-requests: q (number, contact, customer, problem), status, skip, take. */
export const serviceRequestQuery = listQuery.extend({ status: z.enum(serviceRequestStatuses).optional() });
export type ServiceRequestQuery = z.infer<typeof serviceRequestQuery>;

export const serviceRequestParams = z.object({ orgId: pathId(), id: pathId() });
export const serviceRequestPictureParams = serviceRequestParams.extend({ pictureId: pathId() });

/** POST service-requests/{id}/order|estimate: the new record's company and nature (and customer, for a public request). */
export const convertServiceRequestBody = z.object({
  company: entityId('Selecione a empresa'),
  transactionNature: entityId('Selecione a natureza da operação'),
  customer: entityId(serviceRequestMessages.customerRequired).nullish(),
});
export type ConvertServiceRequestBody = z.infer<typeof convertServiceRequestBody>;
export type ConvertServiceRequestInput = z.input<typeof convertServiceRequestBody>;
export const convertedResponse = z.object({ id: z.number().int(), number: z.number().int() });

/** POST service-requests/{id}/close: why it is closed without a visit. */
export const closeServiceRequestBody = z.object({ reason: optionalText(500) });
