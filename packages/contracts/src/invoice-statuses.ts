import { z } from 'zod';
import { listQuery, requiredString } from './common.ts';
import { InvoiceState, type InvoiceStateValue } from './invoice-states.ts';

/** Only Blocked and Canceled statuses are user-definable and editable. */
export const editableInvoiceStates = [InvoiceState.Blocked, InvoiceState.Canceled] as const;
export const isEditableInvoiceState = (state: number) => (editableInvoiceStates as readonly number[]).includes(state);

/** The statuses every organization starts with: one per fixed state, plus common Blocked/Canceled reasons. */
export const defaultInvoiceStatuses: ReadonlyArray<{ state: InvoiceStateValue; label: string }> = [
  { state: InvoiceState.Draft, label: 'Rascunho' },
  { state: InvoiceState.Todo, label: 'Não Iniciado' },
  { state: InvoiceState.Wip, label: 'Em Andamento' },
  { state: InvoiceState.Completed, label: 'Concluído' },
  { state: InvoiceState.Blocked, label: 'Aguardando peça' },
  { state: InvoiceState.Blocked, label: 'Aguardando cliente' },
  { state: InvoiceState.Canceled, label: 'Cancelado pelo cliente' },
];

export const invoiceStatusMessages = {
  stateRequired: 'Selecione Bloqueado ou Cancelado',
  notEditable: 'Somente situações Bloqueado ou Cancelado podem ser alteradas',
  labelTaken: 'Já existe uma situação com este nome',
  stateInUse: 'Esta situação está em uso em ordens de serviço: o nome pode mudar, o tipo não',
} as const;

/** POST invoice-statuses and PUT invoice-statuses/{id}. */
export const invoiceStatusBody = z.object({
  state: z.literal(editableInvoiceStates, { error: invoiceStatusMessages.stateRequired }),
  // Stored in Unicode NFC: the same label typed with composed or combining accents is one label.
  label: requiredString(80).normalize('NFC'),
});
export type InvoiceStatusBody = z.infer<typeof invoiceStatusBody>;

export const invoiceStatusResponse = z.object({ id: z.number().int(), state: z.number().int(), label: z.string() });
export type InvoiceStatus = z.infer<typeof invoiceStatusResponse>;

/** GET invoice-statuses, optionally ?state= (the Bloquear/Cancelar dialogs ask for one state). */
export const invoiceStatusListQuery = listQuery.extend({ state: z.coerce.number().int().optional() });
export type InvoiceStatusListQuery = z.infer<typeof invoiceStatusListQuery>;
