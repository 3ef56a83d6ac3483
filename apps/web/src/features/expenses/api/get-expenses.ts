import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ExpenseList, ExpenseListQuery } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { expensesKey } from './expense-keys.ts';

/** GET expenses {status, from, to, category, q, skip, take}: a page, with the total and the sum of every match. */
export const getExpenses = (orgPath: string, query: ExpenseListQuery) =>
  api.get<ExpenseList>(`${orgPath}/expenses`, query);

export const expensesQueryOptions = (orgPath: string, query: ExpenseListQuery) =>
  queryOptions({
    queryKey: [...expensesKey(orgPath), 'list', query],
    queryFn: () => getExpenses(orgPath, query),
    placeholderData: keepPreviousData,
  });

export const useExpenses = (query: ExpenseListQuery) => useQuery(expensesQueryOptions(useOrgPath(), query));
