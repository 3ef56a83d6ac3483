import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TransactionNature } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const getTransactionNature = (orgPath: string, id: number) =>
  api.get<TransactionNature>(`${orgPath}/transaction-natures/${id}`);

export const transactionNatureQueryOptions = (orgPath: string, id: number) =>
  queryOptions({ queryKey: ['transaction-natures', 'detail', id], queryFn: () => getTransactionNature(orgPath, id) });

export const useTransactionNature = (id: number) => useQuery(transactionNatureQueryOptions(useOrgPath(), id));
