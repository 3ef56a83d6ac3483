import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Equipment, EquipmentBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { equipmentsQueryKey } from './get-equipments.ts';

/** POST equipments (new) or PUT equipments/{id} (existing). */
export const saveEquipment = (orgPath: string, customerId: number, equipmentId: number | null, body: EquipmentBody) =>
  equipmentId === null
    ? api.post<Equipment>(`${orgPath}/customers/${customerId}/equipments`, body)
    : api.put<Equipment>(`${orgPath}/customers/${customerId}/equipments/${equipmentId}`, body);

export const useSaveEquipment = (customerId: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ equipmentId, body }: { equipmentId: number | null; body: EquipmentBody }) =>
      saveEquipment(orgPath, customerId, equipmentId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: equipmentsQueryKey(orgPath, customerId) }),
  });
};
