import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Equipment } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { equipmentsQueryKey } from './get-equipments.ts';

export const getEquipment = (orgPath: string, customerId: number, equipmentId: number) =>
  api.get<Equipment>(`${orgPath}/customers/${customerId}/equipments/${equipmentId}`);

export const equipmentQueryOptions = (orgPath: string, customerId: number, equipmentId: number) =>
  queryOptions({
    queryKey: [...equipmentsQueryKey(orgPath, customerId), 'item', equipmentId],
    queryFn: () => getEquipment(orgPath, customerId, equipmentId),
    staleTime: 0,
  });

export const useEquipment = (customerId: number, equipmentId: number | null) =>
  useQuery({ ...equipmentQueryOptions(useOrgPath(), customerId, equipmentId ?? 0), enabled: equipmentId !== null });
