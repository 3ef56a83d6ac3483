import { z } from 'zod';
import { loadedVersion, recordVersion } from './record-versions.ts';
import { addressResponse } from './addresses.ts';
import { calendarDate, entityId, idParam, listQuery, listResponse, orgParam, quantity } from './common.ts';
import { maintenanceFrequencies } from './maintenance-schedule.ts';
import {
  customerRoles,
  MAX_PLAN_ROOMS,
  MAX_PLAN_TASKS,
  pmocMessages,
  pmocRoom,
  pmocRoomResponse,
  pmocTask,
  pmocTaskResponse,
} from './pmoc.ts';

/** pt-BR texts of the maintenance plans (PMOC): fixed wording; change only with the screens and tests. */
export const maintenancePlanMessages = {
  created: 'Plano de manutenção criado com sucesso',
  updated: 'Plano de manutenção alterado com sucesso',
  ended: 'Plano de manutenção encerrado',
  generated: (n: number) =>
    n === 0
      ? 'Nenhuma ordem de serviço a gerar até essa data'
      : n === 1
        ? '1 ordem de serviço gerada'
        : `${n} ordens de serviço geradas`,
  companyRequired: 'Selecione a empresa',
  customerRequired: 'Selecione o cliente',
  natureRequired: 'Selecione a natureza da operação',
  frequencyRequired: 'Escolha a periodicidade',
  startRequired: 'Informe a data da primeira manutenção',
  equipmentsRequired: 'Selecione ao menos um equipamento',
  equipmentRepeated: 'Equipamento repetido',
  serviceRepeated: 'Serviço repetido',
  serviceRequired: 'Selecione o serviço',
  leadDaysRange: 'Informe de 0 a 90 dias',
  companyNotFound: 'Empresa não encontrada',
  customerNotFound: 'Cliente não encontrado',
  natureNotFound: 'Natureza da operação não encontrada',
  equipmentNotOfCustomer: 'O equipamento não pertence ao cliente do plano',
  addressNotOfCustomer: 'O endereço não pertence ao cliente do plano',
  templateUnavailable: 'Checklist não encontrado ou retirado',
  workerNotAvailable: 'Colaborador não encontrado ou inativo',
  serviceNotAvailable: 'Serviço não encontrado ou excluído',
  startTooOld: 'A primeira manutenção pode ser no máximo um ano antes de hoje',
  untilRequired: 'Informe até que data gerar',
  untilTooFar: 'Gere no máximo um ano à frente',
  endedPlan: 'Este plano de manutenção está encerrado',
  alreadyEnded: 'Este plano de manutenção já está encerrado',
  fromRequired: 'Informe a data inicial',
  toRequired: 'Informe a data final',
  toBeforeFrom: 'A data final deve ser igual ou posterior à data inicial',
  periodTooLong: 'O período pode ter no máximo 366 dias',
  reportLinkInvalid: 'Link do relatório inválido. Volte ao plano e abra o relatório novamente.',
  reportLinkExpired: 'Este link do relatório expirou. Volte ao plano e abra o relatório novamente.',
  /** A System comment on an order the plan made, naming what the plan holds but could not be put on it. */
  leftOut: (items: string[]) => `Não incluído pelo plano de manutenção: ${items.join('; ')}.`,
} as const;

/** The most days before a visit its order may be made. */
export const MAX_LEAD_DAYS = 90;
/** How far ahead 'Gerar' may go, and how far back a plan may start. */
export const MAX_PLAN_DAYS_AHEAD = 366;
export const MAX_REPORT_DAYS = 366;
export const DEFAULT_LEAD_DAYS = 15;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Deve ter no máximo ${max} caracteres`)
    .nullish()
    .transform((v) => v || null);

const optionalId = z
  .union([entityId(), z.null()])
  .optional()
  .transform((v) => v ?? null);

const DAY_MS = 86_400_000;
const isDate = (v: string) => z.iso.date().safeParse(v).success;

/**
 * POST maintenance-plans and PUT maintenance-plans/{id} (admin): who is served (company, customer, the
 * building's address), which equipment, how often from when, and what each visit's order carries (the
 * checklist, the technician, services); the responsible engineer and the ART print on the PMOC report.
 */
export const maintenancePlanBody = z.object({
  company: entityId(maintenancePlanMessages.companyRequired),
  customer: entityId(maintenancePlanMessages.customerRequired),
  transactionNature: entityId(maintenancePlanMessages.natureRequired),
  /** One of the customer's addresses: the building. */
  address: optionalId,
  equipments: z
    .array(entityId(), { error: maintenancePlanMessages.equipmentsRequired })
    .min(1, maintenancePlanMessages.equipmentsRequired)
    .max(200, 'No máximo 200 equipamentos')
    .superRefine((ids, ctx) => {
      ids.forEach((id, k) => {
        if (ids.indexOf(id) !== k)
          ctx.addIssue({ code: 'custom', path: [k], message: maintenancePlanMessages.equipmentRepeated });
      });
    }),
  frequency: z.enum(maintenanceFrequencies, { error: maintenancePlanMessages.frequencyRequired }),
  startDate: calendarDate(maintenancePlanMessages.startRequired),
  checklistTemplate: optionalId,
  worker: optionalId,
  leadDays: z
    .number({ error: maintenancePlanMessages.leadDaysRange })
    .int(maintenancePlanMessages.leadDaysRange)
    .min(0, maintenancePlanMessages.leadDaysRange)
    .max(MAX_LEAD_DAYS, maintenancePlanMessages.leadDaysRange)
    .default(DEFAULT_LEAD_DAYS),
  services: z
    .array(z.object({ service: entityId(maintenancePlanMessages.serviceRequired), quantity }))
    .max(50, 'No máximo 50 serviços')
    .superRefine((lines, ctx) => {
      lines.forEach((line, k) => {
        if (lines.findIndex((x) => x.service === line.service) !== k)
          ctx.addIssue({ code: 'custom', path: [k, 'service'], message: maintenancePlanMessages.serviceRepeated });
      });
    })
    .default([]),
  engineerName: optionalText(120),
  /** CREA or CFT registration. */
  engineerRegistration: optionalText(60),
  artNumber: optionalText(60),
  /** The building's name (the PMOC's identification of the site; the address is `address`). */
  buildingName: optionalText(160),
  /** The customer's standing in the building: owner, tenant or the owner's agent. */
  customerRole: z.enum(customerRoles, { error: pmocMessages.customerRoleRequired }).default('owner'),
  rooms: z.array(pmocRoom).max(MAX_PLAN_ROOMS, `No máximo ${MAX_PLAN_ROOMS} ambientes`).default([]),
  /** The tasks per component; a plan without them prints its checklist's items and services instead. */
  tasks: z.array(pmocTask).max(MAX_PLAN_TASKS, `No máximo ${MAX_PLAN_TASKS} tarefas`).default([]),
  recommendations: optionalText(4000),
  /** On an edit, the version the form loaded (ignored on a create). */
  ...loadedVersion,
});
export type MaintenancePlanBody = z.input<typeof maintenancePlanBody>;
export type MaintenancePlanValues = z.output<typeof maintenancePlanBody>;

export const maintenancePlanParams = orgParam.extend({ id: idParam.shape.id });

/** GET maintenance-plans: a page, searched by the customer's or company's name or CPF/CNPJ, or the plan's number. */
export const maintenancePlanListQuery = listQuery.extend({
  /** Ended plans only when asked. */
  ended: z.stringbool().optional(),
});
export type MaintenancePlanListQuery = z.input<typeof maintenancePlanListQuery>;

const named = z.object({ id: z.number().int(), name: z.string() });

export const maintenancePlanListItem = z.object({
  id: z.number().int(),
  companyName: z.string(),
  customerName: z.string(),
  customerIdentifier: z.string(),
  customerType: z.number().int(),
  frequency: z.enum(maintenanceFrequencies),
  startDate: z.string(),
  equipmentsCount: z.number().int(),
  /** The next visit whose order is not made yet; null once the plan is ended. */
  nextDate: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type MaintenancePlanListItem = z.infer<typeof maintenancePlanListItem>;
export const maintenancePlanListResponse = listResponse(maintenancePlanListItem);

export const maintenancePlan = z.object({
  id: z.number().int(),
  company: named,
  customer: named.extend({ identifier: z.string(), type: z.number().int() }),
  transactionNature: named,
  address: addressResponse.nullable(),
  equipments: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      brand: z.string(),
      model: z.string(),
      serialNumber: z.string(),
      kind: z.string().nullable(),
      capacityBtuh: z.number().int().nullable(),
      location: z.string().nullable(),
    }),
  ),
  frequency: z.enum(maintenanceFrequencies),
  startDate: z.string(),
  leadDays: z.number().int(),
  checklistTemplate: named.nullable(),
  worker: named.nullable(),
  services: z.array(z.object({ service: z.number().int(), name: z.string(), quantity: z.number() })),
  engineerName: z.string().nullable(),
  engineerRegistration: z.string().nullable(),
  artNumber: z.string().nullable(),
  buildingName: z.string().nullable(),
  customerRole: z.enum(customerRoles),
  rooms: z.array(pmocRoomResponse),
  tasks: z.array(pmocTaskResponse),
  recommendations: z.string().nullable(),
  nextDate: z.string().nullable(),
  endedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The row's version: the form sends it back with its edit (409 when the plan changed meanwhile). */
  version: recordVersion,
});
export type MaintenancePlan = z.infer<typeof maintenancePlan>;

/** A visit of the plan: done (its order completed), late (its date passed, not done), next, or canceled. */
export const occurrenceStatuses = ['done', 'late', 'next', 'canceled'] as const;
export type OccurrenceStatus = (typeof occurrenceStatuses)[number];
export const occurrenceStatusLabels: Record<OccurrenceStatus, string> = {
  done: 'Realizada',
  late: 'Atrasada',
  next: 'Próxima',
  canceled: 'Cancelada',
};

export const maintenanceOccurrence = z.object({
  date: z.string(),
  status: z.enum(occurrenceStatuses),
  /** The visit's order; null for a visit whose order is not made yet. */
  invoice: z
    .object({
      id: z.number().int(),
      number: z.number().int(),
      statusLabel: z.string(),
      finishedAt: z.string().nullable(),
    })
    .nullable(),
  /** When the order of a visit not made yet will be made (the date less the plan's lead days). */
  generatesOn: z.string().nullable(),
});
export type MaintenanceOccurrence = z.infer<typeof maintenanceOccurrence>;
/** GET maintenance-plans/{id}/occurrences: the visits with orders, newest first, then the next ones to come. */
export const maintenanceOccurrencesResponse = z.object({ data: z.array(maintenanceOccurrence) });

/** POST maintenance-plans/{id}/generate: the orders of every visit up to `until` not made yet. */
export const generateOccurrencesBody = z.object({ until: calendarDate(maintenancePlanMessages.untilRequired) });
export type GenerateOccurrencesBody = z.infer<typeof generateOccurrencesBody>;
export const generateOccurrencesResponse = z.object({
  data: z.array(z.object({ id: z.number().int(), number: z.number().int(), date: z.string() })),
});

/** POST maintenance-plans/{id}/report: the PMOC report of a period (both dates inclusive), as a short-lived link. */
export const maintenanceReportBody = z
  .object({
    from: calendarDate(maintenancePlanMessages.fromRequired),
    to: calendarDate(maintenancePlanMessages.toRequired),
  })
  .superRefine((v, ctx) => {
    if (!isDate(v.from) || !isDate(v.to)) return;
    const days = (Date.parse(v.to) - Date.parse(v.from)) / DAY_MS + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: maintenancePlanMessages.toBeforeFrom });
    else if (days > MAX_REPORT_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: maintenancePlanMessages.periodTooLong });
  });
export type MaintenanceReportBody = z.infer<typeof maintenanceReportBody>;
