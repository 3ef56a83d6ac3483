import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MaintenancePlan } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { refreshPlans } from './plan-keys.ts';

/** POST maintenance-plans/{id}/end: no more orders; those made stay. */
export const endPlan = (orgPath: string, id: number) =>
  api.post<MaintenancePlan>(`${orgPath}/maintenance-plans/${id}/end`);

export function useEndPlan(id: number) {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => endPlan(orgPath, id),
    onSuccess: () => refreshPlans(queryClient, orgPath),
  });
}
