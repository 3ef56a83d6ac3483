import { z } from 'zod';
import { listResponse, optionalText, pathId, requiredString } from './common.ts';

/** Equipment of a customer: name, brand, model and serial number required. */
export const equipmentBody = z.object({
  name: requiredString(255),
  brand: requiredString(255),
  model: requiredString(255),
  serialNumber: requiredString(255),
  description: optionalText(2000),
  /** What it is (split hi-wall, cassete, chiller…), for the PMOC inventory. */
  kind: optionalText(120),
  /** Cooling capacity in BTU/h. */
  capacityBtuh: z
    .number({ error: 'Informe a capacidade em BTU/h' })
    .int('Informe um número inteiro de BTU/h')
    .min(1, 'A capacidade deve ser maior que zero')
    .max(100_000_000, 'Capacidade acima do permitido')
    .nullish()
    .transform((v) => v ?? null),
  /** Where it is installed at the customer's. */
  location: optionalText(160),
});
export type EquipmentBody = z.infer<typeof equipmentBody>;
export type EquipmentInput = z.input<typeof equipmentBody>;

export const equipmentResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  brand: z.string(),
  model: z.string(),
  serialNumber: z.string(),
  description: z.string().nullable(),
  kind: z.string().nullable(),
  capacityBtuh: z.number().int().nullable(),
  location: z.string().nullable(),
  /**
   * Until when it is under warranty ('YYYY-MM-DD'; null: none): its last completed order's end day plus
   * the longest warranty in days among that order's lines.
   */
  warrantyUntil: z.string().nullable(),
});
export type Equipment = z.infer<typeof equipmentResponse>;
export const equipmentListResponse = listResponse(equipmentResponse);

export const equipmentParam = z.object({
  orgId: pathId(),
  id: pathId(),
  equipmentId: pathId(),
});

export const equipmentMessages = {
  created: 'Equipamento adicionado com sucesso',
  updated: 'Equipamento alterado com sucesso',
  removed: 'Equipamento removido com sucesso',
  loadFailed: 'Ocorreu um erro ao buscar o equipamento. Tente novamente',
  removeFailed: 'Houve um problema ao tentar remover o equipamento do Cliente. Tente novamente.',
} as const;

/**
 * GET customers/{id}/equipments/{equipmentId}/history: every order the equipment was on, newest first,
 * with how far its checklists got and how many photos it has.
 */
export const equipmentHistoryEntry = z.object({
  invoiceId: z.number().int(),
  number: z.number().int(),
  statusLabel: z.string(),
  state: z.number().int(),
  createdAt: z.string(),
  scheduledAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  workers: z.array(z.string()),
  checklists: z.array(z.object({ name: z.string(), answered: z.number().int(), total: z.number().int() })),
  pictures: z.number().int(),
});
export type EquipmentHistoryEntry = z.infer<typeof equipmentHistoryEntry>;
export const equipmentHistoryResponse = listResponse(equipmentHistoryEntry);
