import { useQuery } from '@tanstack/react-query';
import type { Address, Equipment, ListResult } from '@oficina/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

/** The most equipment or addresses of one customer the plan form lists. */
export const CUSTOMER_PARTS_TAKE = 100;

/**
 * GET customers/{id}/equipments and customers/{id}/addresses: what a plan picks from its customer (the
 * equipment to service and the building), read when a customer is chosen.
 */
export function useCustomerParts(customerId: number | undefined) {
  const orgPath = useOrgPath();
  const enabled = customerId !== undefined;
  const equipments = useQuery({
    queryKey: ['customers', orgPath, customerId, 'equipments', 'plan'],
    queryFn: () =>
      api.get<ListResult<Equipment>>(`${orgPath}/customers/${customerId}/equipments`, { take: CUSTOMER_PARTS_TAKE }),
    enabled,
  });
  const addresses = useQuery({
    queryKey: ['customers', orgPath, customerId, 'addresses', 'plan'],
    queryFn: () =>
      api.get<ListResult<Address>>(`${orgPath}/customers/${customerId}/addresses`, { take: CUSTOMER_PARTS_TAKE }),
    enabled,
  });
  return { equipments, addresses };
}
