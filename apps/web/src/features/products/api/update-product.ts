import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const updateProduct = (orgPath: string, id: number, body: ProductBody) =>
  api.put<Product>(`${orgPath}/products/${id}`, body);

export function useUpdateProduct(id: number) {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductBody) => updateProduct(orgPath, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}
