import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQuery, ListResult, TransactionNature } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const getTransactionNatures = (orgPath: string, query: Partial<ListQuery>) =>
  api.get<ListResult<TransactionNature>>(`${orgPath}/transaction-natures`, query);

export const transactionNaturesQueryOptions = (orgPath: string, query: Partial<ListQuery>) =>
  queryOptions({
    queryKey: ['transaction-natures', 'list', query],
    queryFn: () => getTransactionNatures(orgPath, query),
    placeholderData: keepPreviousData,
  });

export const useTransactionNatures = (query: Partial<ListQuery>) =>
  useQuery(transactionNaturesQueryOptions(useOrgPath(), query));
