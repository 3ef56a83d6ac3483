import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { expensesKey } from './expense-keys.ts';

/** GET expenses/categories?q=: the organization's categories in use, most used first (suggestions). */
export const getExpenseCategories = (orgPath: string, q: string) =>
  api.get<{ data: string[] }>(`${orgPath}/expenses/categories`, { q });

export const expenseCategoriesQueryOptions = (orgPath: string, q: string) =>
  queryOptions({
    queryKey: [...expensesKey(orgPath), 'categories', q],
    queryFn: () => getExpenseCategories(orgPath, q),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useExpenseCategories = (q: string) => useQuery(expenseCategoriesQueryOptions(useOrgPath(), q.trim()));
