import { z } from 'zod';
import { orgParam, pathId, withoutBidiControls } from './common.ts';
import { maintenanceFrequencies } from './maintenance-schedule.ts';

// What the PMOC document (Lei 13.589/2018, Portaria GM/MS 3.523/1998) asks of a maintenance plan
// beyond its schedule: the customer's standing in the building, the rooms served, the tasks per
// component with their periodicity, and each year's air-quality report.

/** pt-BR texts of the PMOC document and its fields: fixed wording; change only with the screens and tests. */
export const pmocMessages = {
  roomNameRequired: 'Informe o nome do ambiente',
  areaRequired: 'Informe a área em m²',
  areaPositive: 'A área deve ser maior que zero',
  areaTooLarge: 'Área acima do permitido',
  countRequired: 'Informe o número (0 se não houver)',
  wholeNumber: 'Informe um número inteiro',
  notNegative: 'Não pode ser negativo',
  tooLarge: 'Valor acima do permitido',
  thermalLoadRequired: 'Informe a carga térmica em BTU/h',
  outdoorAirRequired: 'Informe a vazão de ar externo em m³/h',
  componentRequired: 'Informe o componente',
  taskRequired: 'Informe a tarefa',
  taskFrequencyRequired: 'Escolha a periodicidade da tarefa',
  customerRoleRequired: 'Escolha se o cliente é proprietário, locatário ou preposto',
  yearRequired: 'Informe o ano (de 2000 a 2100)',
  airReportSaved: 'Relatório de qualidade do ar enviado',
  airReportRemoved: 'Relatório de qualidade do ar removido',
  airReportNotPdf: 'Envie o relatório em PDF',
  airReportUnreadable: 'Não foi possível ler este PDF (danificado ou protegido por senha)',
  airReportTooLarge: 'O relatório deve ter no máximo 10 MB',
  airReportMissing: 'Este plano não tem relatório de qualidade do ar desse ano',
} as const;

export const AIR_REPORT_MAX_BYTES = 10 * 1024 * 1024;
export const MAX_PLAN_ROOMS = 100;
export const MAX_PLAN_TASKS = 200;

/** The customer in the building the PMOC identifies: its owner, its tenant, or the owner's agent. */
export const customerRoles = ['owner', 'tenant', 'agent'] as const;
export type CustomerRole = (typeof customerRoles)[number];
export const customerRoleLabels: Record<CustomerRole, string> = {
  owner: 'Proprietário',
  tenant: 'Locatário',
  agent: 'Preposto',
};

/** A required trimmed text with its own "required" message. */
const text = (max: number, required: string) =>
  z
    .string({ error: required })
    .overwrite(withoutBidiControls)
    .trim()
    .min(1, required)
    .max(max, `Deve ter no máximo ${max} caracteres`);

/** A whole number from 0 up to `max`, required (a form's empty field is NaN, refused with `required`). */
const count = (required: string, max: number) =>
  z
    .number({ error: required })
    .int(pmocMessages.wholeNumber)
    .min(0, pmocMessages.notNegative)
    .max(max, pmocMessages.tooLarge);

/** A room the air conditioning serves: its area, occupants, thermal load and outdoor air. */
export const pmocRoom = z.object({
  name: text(120, pmocMessages.roomNameRequired),
  areaM2: z
    .number({ error: pmocMessages.areaRequired })
    .gt(0, pmocMessages.areaPositive)
    .max(99_999_999, pmocMessages.areaTooLarge)
    .transform((v) => Math.round(v * 100) / 100),
  fixedOccupants: count(pmocMessages.countRequired, 1_000_000),
  floatingOccupants: count(pmocMessages.countRequired, 1_000_000),
  thermalLoadBtuh: count(pmocMessages.thermalLoadRequired, 100_000_000),
  outdoorAirM3h: count(pmocMessages.outdoorAirRequired, 100_000_000),
});
export type PmocRoom = z.output<typeof pmocRoom>;
/** A room as the plan's detail answers it. */
export const pmocRoomResponse = z.object({
  name: z.string(),
  areaM2: z.number(),
  fixedOccupants: z.number().int(),
  floatingOccupants: z.number().int(),
  thermalLoadBtuh: z.number().int(),
  outdoorAirM3h: z.number().int(),
});
export type PmocRoomInput = z.input<typeof pmocRoom>;

/** A task of a component (filters, tray, coil…) and how often it is done. */
export const pmocTask = z.object({
  component: text(120, pmocMessages.componentRequired),
  task: text(500, pmocMessages.taskRequired),
  frequency: z.enum(maintenanceFrequencies, { error: pmocMessages.taskFrequencyRequired }),
});
export type PmocTask = z.output<typeof pmocTask>;
export const pmocTaskResponse = z.object({
  component: z.string(),
  task: z.string(),
  frequency: z.enum(maintenanceFrequencies),
});

/** GET maintenance-plans/{id}/pmoc.pdf?year=YYYY: the PMOC document of a calendar year. */
export const pmocDocumentQuery = z.object({
  year: z.coerce
    .number({ error: pmocMessages.yearRequired })
    .int(pmocMessages.yearRequired)
    .min(2000, pmocMessages.yearRequired)
    .max(2100, pmocMessages.yearRequired),
});
export type PmocDocumentQuery = z.infer<typeof pmocDocumentQuery>;

/** A plan's air-quality report of a year. */
export const airReport = z.object({
  year: z.number().int(),
  fileName: z.string(),
  fileSize: z.number().int(),
  uploadedAt: z.string(),
});
export type AirReport = z.infer<typeof airReport>;
/** GET maintenance-plans/{id}/air-reports: newest year first. */
export const airReportsResponse = z.object({ data: z.array(airReport) });

export const airReportParams = orgParam.extend({ id: pathId(), year: pmocDocumentQuery.shape.year });

/** POST maintenance-plans/{id}/air-reports (multipart): the `year` field and the PDF under `file`. */
export const airReportUploadFields = z.object({ year: pmocDocumentQuery.shape.year });
