import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EquipmentHistoryEntry, ListResult } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export function useEquipmentHistory(
  customerId: number,
  equipmentId: number | null,
  page: { skip: number; take: number },
) {
  const orgPath = useOrgPath();
  return useQuery({
    queryKey: ['equipment-history', orgPath, customerId, equipmentId, page],
    queryFn: () =>
      api.get<ListResult<EquipmentHistoryEntry>>(
        `${orgPath}/customers/${customerId}/equipments/${equipmentId}/history`,
        page,
      ),
    enabled: equipmentId !== null,
    placeholderData: keepPreviousData,
  });
}
