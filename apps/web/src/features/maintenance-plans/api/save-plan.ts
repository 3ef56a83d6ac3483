import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MaintenancePlan, MaintenancePlanValues } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { refreshPlans } from './plan-keys.ts';

/** POST maintenance-plans (no id) or PUT maintenance-plans/{id}; the plans are read again after. */
export const savePlan = (orgPath: string, id: number | undefined, body: MaintenancePlanValues) =>
  id
    ? api.put<MaintenancePlan>(`${orgPath}/maintenance-plans/${id}`, body)
    : api.post<MaintenancePlan>(`${orgPath}/maintenance-plans`, body);

export function useSavePlan(id?: number) {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MaintenancePlanValues) => savePlan(orgPath, id, body),
    onSuccess: () => refreshPlans(queryClient, orgPath),
  });
}
