import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EquipmentHistoryEntry, ListResult } from '@ordem-certa/contracts';
import { portalApi } from './portal-client.ts';

/** GET /api/portal/equipments/{id}/history: the orders the machine was on. */
export const historyQuery = (id: number) =>
  queryOptions({
    queryKey: ['portal', 'history', id],
    queryFn: () => portalApi.get<ListResult<EquipmentHistoryEntry>>(`/portal/equipments/${id}/history`, { take: 50 }),
  });
export const useEquipmentHistory = (id: number) => useQuery(historyQuery(id));
