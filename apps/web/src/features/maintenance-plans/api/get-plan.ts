import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MaintenancePlan } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { planKey } from './plan-keys.ts';

/** GET maintenance-plans/{id}: the plan with its parties, equipment and services. */
export const getPlan = (orgPath: string, id: number) => api.get<MaintenancePlan>(`${orgPath}/maintenance-plans/${id}`);

export const planQueryOptions = (orgPath: string, id: number) =>
  queryOptions({ queryKey: planKey(orgPath, id), queryFn: () => getPlan(orgPath, id) });

export const usePlan = (id: number) => useQuery(planQueryOptions(useOrgPath(), id));
