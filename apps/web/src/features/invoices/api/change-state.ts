import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InvoiceState } from '@ordem-certa/contracts';
import { api, newIdempotencyKey } from '../../../lib/api-client.ts';
import { conflictOf } from '../../../lib/version-conflict.ts';
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

/** The order's state and status as the screen showed them, and its version then. */
export interface StateMadeFrom {
  version: number;
  statusState: number;
  statusId: number;
}

/**
 * With `key` (the outbox's Idempotency-Key) a request that reaches no server throws at once, for the
 * caller to queue it with that key. With `from`, the change carries the version the screen read: an
 * order someone changed meanwhile is refused (409); when its state and status are still the ones the
 * screen showed (someone added a line, a comment), the change is made again at once on the version now,
 * under a new key; otherwise the refusal reaches the caller.
 */
export async function changeState(
  orgPath: string,
  id: number,
  change: StateChange,
  key?: string,
  from?: StateMadeFrom,
) {
  const path = `${orgPath}/${stateChangePath(id, change)}`;
  const options = key ? { idempotencyKey: key, noRetryPrompt: true } : {};
  if (!from) return api.post(path, {}, options);
  try {
    return await api.post(path, { version: from.version }, options);
  } catch (err) {
    const conflict = conflictOf(err);
    const current = conflict?.current as { statusState?: unknown; statusId?: unknown } | undefined;
    if (!conflict || current?.statusState !== from.statusState || current?.statusId !== from.statusId) throw err;
    return api.post(
      path,
      { version: conflict.version },
      key ? { ...options, idempotencyKey: newIdempotencyKey() } : {},
    );
  }
}

export const useChangeState = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, from, ...change }: StateChange & { key?: string; from?: StateMadeFrom }) =>
      changeState(orgPath, id, change, key, from),
    // A refused change (409) may mean someone else moved the order: refresh either way.
    onSettled: () => refreshInvoice(queryClient, orgPath, id),
  });
};
