import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_TAKE, type Address, type ListResult } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

/** GET customers/{id}/addresses (admin): the addresses a job may be at, for the visit form. */
export const getCustomerAddresses = (orgPath: string, customerId: number) =>
  api.get<ListResult<Address>>(`${orgPath}/customers/${customerId}/addresses?take=${MAX_TAKE}`);

export const customerAddressesQueryOptions = (orgPath: string, customerId: number) =>
  queryOptions({
    queryKey: ['customers', orgPath, customerId, 'addresses'],
    queryFn: () => getCustomerAddresses(orgPath, customerId),
  });

export const useCustomerAddresses = (customerId: number, enabled: boolean) =>
  useQuery({ ...customerAddressesQueryOptions(useOrgPath(), customerId), enabled });
