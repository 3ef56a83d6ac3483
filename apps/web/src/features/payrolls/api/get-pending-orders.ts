import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListQuery, ListResult, PendingOrder } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { payrollsKey } from './payroll-keys.ts';

/** GET payrolls/pending {q, skip, take}: completed orders with unpaid workers in no payroll. */
export const getPendingOrders = (orgPath: string, query: ListQuery) =>
  api.get<ListResult<PendingOrder>>(`${orgPath}/payrolls/pending`, query);

export const usePendingOrders = (query: ListQuery, enabled: boolean) => {
  const orgPath = useOrgPath();
  return useQuery({
    queryKey: [...payrollsKey(orgPath), 'pending', query],
    queryFn: () => getPendingOrders(orgPath, query),
    placeholderData: keepPreviousData,
    enabled,
  });
};
