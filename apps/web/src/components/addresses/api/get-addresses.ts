import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Address, ListResult } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';

/** ownerPath: `/organizations/1/companies/5` or `/organizations/1/customers/7`. */
export const getAddresses = (ownerPath: string, page: { skip: number; take: number }) =>
  api.get<ListResult<Address>>(`${ownerPath}/addresses`, page);

export const addressesQueryOptions = (ownerPath: string, page: { skip: number; take: number }) =>
  queryOptions({
    queryKey: ['addresses', ownerPath, page],
    queryFn: () => getAddresses(ownerPath, page),
    placeholderData: keepPreviousData,
  });

export const useAddresses = (ownerPath: string, page: { skip: number; take: number }) =>
  useQuery(addressesQueryOptions(ownerPath, page));
