import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { equipmentsQueryKey } from './get-equipments.ts';

export const deleteEquipment = (orgPath: string, customerId: number, equipmentId: number) =>
  api.delete(`${orgPath}/customers/${customerId}/equipments/${equipmentId}`);

export const useDeleteEquipment = (customerId: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (equipmentId: number) => deleteEquipment(orgPath, customerId, equipmentId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: equipmentsQueryKey(orgPath, customerId) }),
  });
};
