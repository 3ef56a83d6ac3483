import { useInfiniteQuery, useQuery, keepPreviousData } from '@tanstack/react-query';
import type { Address, Equipment, ListResult } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

/** How many of a customer's equipment or addresses the plan form reads at a time. */
export const CUSTOMER_PARTS_TAKE = 100;

/**
 * GET customers/{id}/equipments {q}: the equipment a plan picks from, a page of 100 at a time (a
 * building may have hundreds of units), searched by name, brand, model or serial number.
 */
export function useCustomerEquipments(customerId: number | undefined, q: string, pageSize = CUSTOMER_PARTS_TAKE) {
  const orgPath = useOrgPath();
  return useInfiniteQuery({
    queryKey: ['customers', orgPath, customerId, 'equipments', 'plan', q, pageSize],
    queryFn: ({ pageParam }) =>
      api.get<ListResult<Equipment>>(`${orgPath}/customers/${customerId}/equipments`, {
        q: q || undefined,
        skip: pageParam,
        take: pageSize,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.data.length, 0);
      return loaded < last.meta.total && last.data.length > 0 ? loaded : undefined;
    },
    enabled: customerId !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** GET customers/{id}/addresses: the buildings a plan may be for, read when a customer is chosen. */
export function useCustomerAddresses(customerId: number | undefined) {
  const orgPath = useOrgPath();
  return useQuery({
    queryKey: ['customers', orgPath, customerId, 'addresses', 'plan'],
    queryFn: () =>
      api.get<ListResult<Address>>(`${orgPath}/customers/${customerId}/addresses`, { take: CUSTOMER_PARTS_TAKE }),
    enabled: customerId !== undefined,
  });
}
