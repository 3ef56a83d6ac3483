import type { QueryClient } from '@tanstack/react-query';

/** Everything of the maintenance plans (list, each plan and its visits) under one key: a write refreshes it all. */
export const plansKey = (orgPath: string) => ['maintenance-plans', orgPath] as const;
export const planKey = (orgPath: string, id: number) => [...plansKey(orgPath), id] as const;

export const refreshPlans = (queryClient: QueryClient, orgPath: string) =>
  queryClient.invalidateQueries({ queryKey: plansKey(orgPath) });
