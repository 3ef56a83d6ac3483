import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PixAutomatico, PixAutomaticoValues } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { contractKey } from './contract-keys.ts';

const path = (orgPath: string, id: number) => `${orgPath}/contracts/${id}/pix-automatico`;
const key = (orgPath: string, id: number) => [...contractKey(orgPath, id), 'pix-automatico'] as const;

/** Something the PSP has still to answer: the payer's authorization, or a period's recurring charge. */
const waiting = (p: PixAutomatico | undefined) =>
  p?.recurrence?.state === 'aguardando' ||
  (p?.recurrence?.state === 'aprovada' && p.charges.some((c) => !c.paid && !c.fallback && c.status !== 'failed'));

/** GET contracts/{id}/pix-automatico, asked again every few seconds while the PSP has something to say. */
export const pixAutomaticoQueryOptions = (orgPath: string, id: number) =>
  queryOptions({
    queryKey: key(orgPath, id),
    queryFn: () => api.get<PixAutomatico>(path(orgPath, id)),
    refetchInterval: (query) => (waiting(query.state.data) ? 3000 : false),
  });

export const usePixAutomatico = (id: number) => useQuery(pixAutomaticoQueryOptions(useOrgPath(), id));

/** POST contracts/{id}/pix-automatico: 'Pedir autorização'. */
export function useRequestPixAutomatico(id: number) {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PixAutomaticoValues) => api.post<PixAutomatico>(path(orgPath, id), body),
    onSuccess: (data) => queryClient.setQueryData(key(orgPath, id), data),
  });
}
