import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addDays, type PixAutomatico, type PixAutomaticoValues } from '@ordem-certa/contracts';
import { todayIso } from '../../../lib/time-zone.ts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { contractKey } from './contract-keys.ts';

const path = (orgPath: string, id: number) => `${orgPath}/contracts/${id}/pix-automatico`;
const key = (orgPath: string, id: number) => [...contractKey(orgPath, id), 'pix-automatico'] as const;

/**
 * Something is still to come: the payer's answer, a recurring charge not settled, or the next period's
 * charge once its window (10 days before its due date) has opened.
 */
const waiting = (p: PixAutomatico | undefined, nextBillingDate: string | null) => {
  if (p?.recurrence?.state === 'aguardando' || p?.recurrence?.cancelRequested) return true;
  if (p?.recurrence?.state !== 'aprovada') return false;
  if (p.charges.some((c) => !c.paid && !c.fallback && c.status !== 'failed')) return true;
  return (
    !!nextBillingDate &&
    nextBillingDate <= addDays(todayIso(), 10) &&
    !p.charges.some((c) => c.periodDate === nextBillingDate)
  );
};

/** GET contracts/{id}/pix-automatico, asked again every few seconds while the PSP has something to say. */
export const pixAutomaticoQueryOptions = (orgPath: string, id: number, nextBillingDate: string | null) =>
  queryOptions({
    queryKey: key(orgPath, id),
    queryFn: () => api.get<PixAutomatico>(path(orgPath, id)),
    refetchInterval: (query) => (waiting(query.state.data, nextBillingDate) ? 3000 : false),
  });

export const usePixAutomatico = (id: number, nextBillingDate: string | null) =>
  useQuery(pixAutomaticoQueryOptions(useOrgPath(), id, nextBillingDate));

/** POST contracts/{id}/pix-automatico: 'Pedir autorização'. */
export function useRequestPixAutomatico(id: number) {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PixAutomaticoValues) => api.post<PixAutomatico>(path(orgPath, id), body),
    onSuccess: (data) => queryClient.setQueryData(key(orgPath, id), data),
  });
}

/** POST contracts/{id}/pix-automatico/cancel: 'Cancelar autorização'. */
export function useCancelPixAutomatico(id: number) {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<PixAutomatico>(`${path(orgPath, id)}/cancel`),
    onSuccess: (data) => queryClient.setQueryData(key(orgPath, id), data),
  });
}

/**
 * POST contracts/{id}/pix-automatico/simulate (admin; only at the demo's PSP): the payer's answer played.
 * The webhook brings it a moment later: the card keeps asking while the authorization waits.
 */
export function useSimulatePixAutomatico(id: number) {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (approve: boolean) => api.post<PixAutomatico>(`${path(orgPath, id)}/simulate`, { approve }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key(orgPath, id) }),
  });
}
