import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Equipment, ListResult } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

type Page = { skip: number; take: number };

export const getEquipments = (orgPath: string, customerId: number, page: Page) =>
  api.get<ListResult<Equipment>>(`${orgPath}/customers/${customerId}/equipments`, page);

export const equipmentsQueryKey = (orgPath: string, customerId: number) =>
  ['customers', orgPath, 'detail', customerId, 'equipments'] as const;

export const equipmentsQueryOptions = (orgPath: string, customerId: number, page: Page) =>
  queryOptions({
    queryKey: [...equipmentsQueryKey(orgPath, customerId), page],
    queryFn: () => getEquipments(orgPath, customerId, page),
    placeholderData: keepPreviousData,
  });

export const useEquipments = (customerId: number, page: Page) =>
  useQuery(equipmentsQueryOptions(useOrgPath(), customerId, page));
