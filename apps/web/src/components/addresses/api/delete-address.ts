import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const deleteAddress = (ownerPath: string, addressId: number) =>
  api.delete(`${ownerPath}/addresses/${addressId}`);

export const useDeleteAddress = (ownerPath: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (addressId: number) => deleteAddress(ownerPath, addressId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['addresses', ownerPath] }),
  });
};
