import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReceivablesQuery, ReceivablesResponse } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

/** GET receivables: one page of instalments by due date, with meta.total and meta.sum (admin). */
export const getReceivables = (orgPath: string, query: ReceivablesQuery) =>
  api.get<ReceivablesResponse>(`${orgPath}/receivables`, query);

export const receivablesKey = ['receivables'] as const;

export const receivablesQueryOptions = (orgPath: string, query: ReceivablesQuery) =>
  queryOptions({
    queryKey: [...receivablesKey, orgPath, query],
    queryFn: () => getReceivables(orgPath, query),
    placeholderData: keepPreviousData,
  });

export const useReceivables = (query: ReceivablesQuery) => useQuery(receivablesQueryOptions(useOrgPath(), query));
