import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResult, MaintenancePlanListItem } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

/**
 * The live maintenance plans of a customer, found by the customer's name (GET maintenance-plans?q=)
 * and kept to that customer: the plans a contract may cover. The server checks them again on save.
 */
export const getCustomerPlans = async (orgPath: string, customerName: string) => {
  const res = await api.get<ListResult<MaintenancePlanListItem>>(`${orgPath}/maintenance-plans`, {
    q: customerName,
    take: 100,
  });
  return res.data.filter((p) => p.customerName === customerName);
};

export const customerPlansQueryOptions = (orgPath: string, customerName: string | undefined) =>
  queryOptions({
    queryKey: ['contracts', orgPath, 'customer-plans', customerName],
    queryFn: () => getCustomerPlans(orgPath, customerName!),
    enabled: !!customerName,
  });

export const useCustomerPlans = (customerName: string | undefined, enabled: boolean) =>
  useQuery({ ...customerPlansQueryOptions(useOrgPath(), customerName), enabled: enabled && !!customerName });
