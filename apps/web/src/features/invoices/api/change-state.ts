import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InvoiceState } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { refreshInvoice } from './invoice-keys.ts';

export interface StateChange {
  target: number;
  /** The reason, a status of the target state: required for Blocked and Canceled. */
  statusId?: number;
}

/** POST invoices/{id}/start | todo | complete | block/{statusId} | cancel/{statusId}. */
export function stateChangePath(id: number, { target, statusId }: StateChange): string {
  switch (target) {
    case InvoiceState.Wip:
      return `invoices/${id}/start`;
    case InvoiceState.Todo:
      return `invoices/${id}/todo`;
    case InvoiceState.Completed:
      return `invoices/${id}/complete`;
    case InvoiceState.Blocked:
      return `invoices/${id}/block/${statusId}`;
    case InvoiceState.Canceled:
      return `invoices/${id}/cancel/${statusId}`;
    default:
      throw new Error(`No state change to ${target}`);
  }
}

/**
 * With `key` (the outbox's Idempotency-Key) a request that reaches no server throws at once, for the
 * caller to queue it with that key.
 */
export const changeState = (orgPath: string, id: number, change: StateChange, key?: string) =>
  api.post(`${orgPath}/${stateChangePath(id, change)}`, {}, key ? { idempotencyKey: key, noRetryPrompt: true } : {});

export const useChangeState = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, ...change }: StateChange & { key?: string }) => changeState(orgPath, id, change, key),
    // A refused change (409) may mean someone else moved the order: refresh either way.
    onSettled: () => refreshInvoice(queryClient, orgPath, id),
  });
};
