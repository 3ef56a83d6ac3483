import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MaintenanceOccurrence } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { planKey } from './plan-keys.ts';

/** GET maintenance-plans/{id}/occurrences: the visits with their orders, and the next ones to come. */
export const getVisits = (orgPath: string, id: number) =>
  api.get<{ data: MaintenanceOccurrence[] }>(`${orgPath}/maintenance-plans/${id}/occurrences`);

export const visitsQueryOptions = (orgPath: string, id: number) =>
  queryOptions({ queryKey: [...planKey(orgPath, id), 'visits'], queryFn: () => getVisits(orgPath, id) });

export const useVisits = (id: number) => useQuery(visitsQueryOptions(useOrgPath(), id));
