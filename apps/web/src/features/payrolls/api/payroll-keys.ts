import type { QueryClient } from '@tanstack/react-query';

/** Everything payroll (list, pending orders, each payroll and its lines) under one key: a write refreshes it all. */
export const payrollsKey = (orgPath: string) => ['payrolls', orgPath] as const;
export const payrollKey = (orgPath: string, id: number) => [...payrollsKey(orgPath), id] as const;

export const refreshPayrolls = (queryClient: QueryClient, orgPath: string) =>
  queryClient.invalidateQueries({ queryKey: payrollsKey(orgPath) });
