import { can, type Viewer } from './can.ts';

/** Service-order states and the changes between them that the server allows. */
export const InvoiceState = {
  Draft: 0,
  Todo: 7,
  Wip: 10,
  Blocked: -1,
  Canceled: -100,
  Completed: 20,
} as const;
export type InvoiceStateValue = (typeof InvoiceState)[keyof typeof InvoiceState];
export const invoiceStateValues = Object.values(InvoiceState) as InvoiceStateValue[];

export const invoiceStateLabels: Record<InvoiceStateValue, string> = {
  [InvoiceState.Draft]: 'Rascunho',
  [InvoiceState.Todo]: 'Não Iniciado',
  [InvoiceState.Wip]: 'Em Andamento',
  [InvoiceState.Blocked]: 'Bloqueado',
  [InvoiceState.Canceled]: 'Cancelado',
  [InvoiceState.Completed]: 'Concluído',
};
/** A state's label; an unknown state shows its number. */
export const invoiceStateLabel = (state: number) => invoiceStateLabels[state as InvoiceStateValue] ?? String(state);

const transitions: Record<InvoiceStateValue, InvoiceStateValue[]> = {
  [InvoiceState.Draft]: [InvoiceState.Todo, InvoiceState.Wip, InvoiceState.Canceled],
  [InvoiceState.Todo]: [InvoiceState.Wip, InvoiceState.Blocked, InvoiceState.Canceled],
  [InvoiceState.Wip]: [InvoiceState.Todo, InvoiceState.Blocked, InvoiceState.Canceled, InvoiceState.Completed],
  [InvoiceState.Blocked]: [InvoiceState.Wip, InvoiceState.Todo, InvoiceState.Canceled],
  [InvoiceState.Completed]: [InvoiceState.Wip],
  [InvoiceState.Canceled]: [],
};

export interface TransitionContext {
  /** Who moves the order: `invoice.cancel` cancels, `invoice.reopen` reopens a completed one. */
  viewer: Viewer;
  isPaid: boolean;
}

/**
 * The states an order may move to from `from`. Reopening a Completed order takes `invoice.reopen` and
 * only while it is unpaid. Cancelling takes `invoice.cancel` (a decision: a technician does not cancel a
 * customer's order; they block it with a reason).
 */
export function allowedInvoiceChanges(from: InvoiceStateValue, ctx: TransitionContext): InvoiceStateValue[] {
  const { viewer } = ctx;
  return (transitions[from] ?? []).filter((to) => {
    if (from === InvoiceState.Completed && to === InvoiceState.Wip) return can(viewer, 'invoice.reopen') && !ctx.isPaid;
    if (to === InvoiceState.Canceled) return can(viewer, 'invoice.cancel');
    return true;
  });
}

/** Canceled and Completed orders take no more line changes. */
export const isInvoiceClosed = (state: InvoiceStateValue) =>
  state === InvoiceState.Canceled || state === InvoiceState.Completed;
