import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Address } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';

export const getAddress = (ownerPath: string, addressId: number) =>
  api.get<Address>(`${ownerPath}/addresses/${addressId}`);

export const addressQueryOptions = (ownerPath: string, addressId: number) =>
  queryOptions({
    queryKey: ['addresses', ownerPath, 'detail', addressId],
    queryFn: () => getAddress(ownerPath, addressId),
    // The modal always shows what is stored now.
    staleTime: 0,
  });

export const useAddress = (ownerPath: string, addressId: number | null) =>
  useQuery({ ...addressQueryOptions(ownerPath, addressId ?? 0), enabled: addressId !== null });
