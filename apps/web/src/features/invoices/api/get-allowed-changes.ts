import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { invoiceKey } from './invoice-keys.ts';

/** GET invoices/{id}/allowed-changes: the states this user may move the order to now. */
export const getAllowedChanges = (orgPath: string, id: number) =>
  api.get<{ data: number[] }>(`${orgPath}/invoices/${id}/allowed-changes`);

export const allowedChangesQueryOptions = (orgPath: string, id: number) =>
  queryOptions({
    queryKey: [...invoiceKey(orgPath, id), 'allowed-changes'],
    queryFn: () => getAllowedChanges(orgPath, id),
    staleTime: 0,
  });

export const useAllowedChanges = (id: number) => useQuery(allowedChangesQueryOptions(useOrgPath(), id));
