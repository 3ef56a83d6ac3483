import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address, AddressBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST addresses (new) or PUT addresses/{id} (existing). */
export const saveAddress = (ownerPath: string, addressId: number | null, body: AddressBody) =>
  addressId === null
    ? api.post<Address>(`${ownerPath}/addresses`, body)
    : api.put<Address>(`${ownerPath}/addresses/${addressId}`, body);

export const useSaveAddress = (ownerPath: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ addressId, body }: { addressId: number | null; body: AddressBody }) =>
      saveAddress(ownerPath, addressId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['addresses', ownerPath] }),
  });
};
