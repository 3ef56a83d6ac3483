import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_TAKE, type InvoiceStatus, type ListResult } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

/**
 * The organization's order statuses (GET invoice-statuses, readable by every user), optionally of one
 * state: the list filter's checkboxes and the reasons of 'Bloquear' / 'Cancelar'.
 */
export const getStatusOptions = (orgPath: string, state?: number) =>
  api.get<ListResult<InvoiceStatus>>(`${orgPath}/invoice-statuses`, { state, take: MAX_TAKE });

export const statusOptionsQueryOptions = (orgPath: string, state?: number) =>
  queryOptions({
    queryKey: ['invoice-statuses', 'options', orgPath, state ?? 'all'],
    queryFn: () => getStatusOptions(orgPath, state),
    staleTime: 60_000,
  });

export const useStatusOptions = (state?: number, enabled = true) =>
  useQuery({ ...statusOptionsQueryOptions(useOrgPath(), state), enabled });
