import type { QueryClient } from '@tanstack/react-query';

/** Every expense read (the lists, the categories) under one key: a write refreshes them all. */
export const expensesKey = (orgPath: string) => ['expenses', orgPath] as const;

export const refreshExpenses = (queryClient: QueryClient, orgPath: string) =>
  queryClient.invalidateQueries({ queryKey: expensesKey(orgPath) });
