import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FieldSettings, FieldStamp, StampInput, StampsResponse } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { invoiceKey } from './invoice-keys.ts';

/** POST invoices/{id}/stamps: one stamp as the phone made it ('A caminho', 'Cheguei', the timers, 'Saí'). */
export const stampsPath = (orgPath: string, id: number) => `${orgPath}/invoices/${id}/stamps`;

/** With `key` (the outbox's Idempotency-Key) a request that reaches no server throws at once, to be queued. */
export const addStamp = (orgPath: string, id: number, body: StampInput, key?: string) =>
  api.post<FieldStamp>(stampsPath(orgPath, id), body, key ? { idempotencyKey: key, noRetryPrompt: true } : {});

/** GET invoices/{id}/stamps: kept under the order's key, so it is saved for offline reading with it. */
export const stampsQueryOptions = (orgPath: string, id: number) =>
  queryOptions({
    queryKey: [...invoiceKey(orgPath, id), 'stamps'],
    queryFn: () => api.get<StampsResponse>(stampsPath(orgPath, id)),
    staleTime: 0,
  });

export const useStamps = (id: number) => useQuery(stampsQueryOptions(useOrgPath(), id));

/** GET field/settings: the distance past which an arrival is warned (the phone shows it too). */
export const useFieldSettings = () => {
  const orgPath = useOrgPath();
  return useQuery({
    queryKey: ['invoice', orgPath, 'field-settings'],
    queryFn: () => api.get<FieldSettings>(`${orgPath}/field/settings`),
    staleTime: 10 * 60_000,
  });
};
