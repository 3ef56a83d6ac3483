import { z } from 'zod';
import { businessDateTime, calendarDate, entityId, listQuery, listResponse, pathId } from './common.ts';

/** The longest span one agenda request reads (six weeks: a month view with its edges). */
export const AGENDA_MAX_DAYS = 42;
export const VISIT_MIN_MINUTES = 15;
export const VISIT_MAX_MINUTES = 720;

export const agendaMessages = {
  toBeforeFrom: 'A data final deve ser igual ou posterior à inicial',
  spanTooLong: `Escolha um período de até ${AGENDA_MAX_DAYS} dias`,
  scheduledAtInvalid: 'Informe uma data e hora válidas',
  durationInvalid: `A duração deve ser de ${VISIT_MIN_MINUTES} minutos a ${VISIT_MAX_MINUTES / 60} horas`,
  workerNotOnOrder: 'Este técnico não está na ordem de serviço',
  workerInvalid: 'Técnico não encontrado ou inativo',
  moved: 'Visita reagendada',
  overlap: (names: string) => `Atenção: a visita coincide com outra de ${names}`,
} as const;

const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

/** GET organizations/{orgId}/agenda?from=&to=&worker=: the visits of those days (the organization's time zone). */
export const agendaQuery = z
  .object({ from: calendarDate(), to: calendarDate(), worker: pathId().optional() })
  .refine((q) => q.to >= q.from, { path: ['to'], message: agendaMessages.toBeforeFrom })
  .refine((q) => q.to < q.from || days(q.from, q.to) <= AGENDA_MAX_DAYS, {
    path: ['to'],
    message: agendaMessages.spanTooLong,
  });
export type AgendaQuery = z.infer<typeof agendaQuery>;

export const agendaWorker = z.object({ id: z.number().int(), name: z.string() });
export const agendaVisit = z.object({
  invoiceId: z.number().int(),
  number: z.number().int(),
  customerName: z.string(),
  customerPhone: z.string().nullable(),
  /** E.164, for the call button; null when the phone is not a real number. */
  customerPhoneE164: z.string().nullable(),
  scheduledAt: z.string(),
  durationMinutes: z.number().int(),
  state: z.number().int(),
  statusLabel: z.string(),
  workers: z.array(agendaWorker),
  address: z.string().nullable(),
  /** The customer confirmed this time (WhatsApp's 'Confirmar'). */
  confirmed: z.boolean(),
});
export type AgendaVisit = z.infer<typeof agendaVisit>;
export const agendaResponse = z.object({ data: z.array(agendaVisit) });

/** GET organizations/{orgId}/agenda/unscheduled: open orders without a visit, newest first, searchable. */
export const unscheduledQuery = listQuery;
export const unscheduledOrder = z.object({
  invoiceId: z.number().int(),
  number: z.number().int(),
  customerName: z.string(),
  statusLabel: z.string(),
  workers: z.array(agendaWorker),
});
export type UnscheduledOrder = z.infer<typeof unscheduledOrder>;
export const unscheduledResponse = listResponse(unscheduledOrder);

/**
 * PUT organizations/{orgId}/agenda/{invoiceId}: the visit moved (and/or resized), and, when dragged to
 * another technician's lane, handed from one technician (`from`, on the order) to the other (`to`).
 */
export const moveVisitBody = z
  .object({
    scheduledAt: businessDateTime(agendaMessages.scheduledAtInvalid),
    durationMinutes: z
      .number({ error: agendaMessages.durationInvalid })
      .int({ error: agendaMessages.durationInvalid })
      .min(VISIT_MIN_MINUTES, agendaMessages.durationInvalid)
      .max(VISIT_MAX_MINUTES, agendaMessages.durationInvalid)
      .optional(),
    from: entityId().optional(),
    to: entityId(agendaMessages.workerInvalid).optional(),
  })
  .refine((b) => b.from === undefined || b.to !== undefined, {
    path: ['to'],
    message: agendaMessages.workerInvalid,
  });
export type MoveVisitBody = z.infer<typeof moveVisitBody>;
export const agendaParams = z.object({ orgId: pathId(), invoiceId: pathId() });

/** The moved visit and the technicians' other visits it now overlaps (a warning, not a refusal). */
export const moveVisitResponse = z.object({
  visit: agendaVisit,
  overlaps: z.array(z.object({ invoiceId: z.number().int(), number: z.number().int(), workerName: z.string() })),
});
export type MoveVisitResponse = z.infer<typeof moveVisitResponse>;
