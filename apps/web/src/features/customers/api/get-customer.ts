import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerDetail } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const getCustomer = (orgPath: string, id: number) => api.get<CustomerDetail>(`${orgPath}/customers/${id}`);

export const customerQueryKey = (orgPath: string, id: number) => ['customers', orgPath, 'detail', id] as const;

export const customerQueryOptions = (orgPath: string, id: number) =>
  queryOptions({ queryKey: customerQueryKey(orgPath, id), queryFn: () => getCustomer(orgPath, id) });

export const useCustomer = (id: number) => useQuery(customerQueryOptions(useOrgPath(), id));
