import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const createProduct = (orgPath: string, body: ProductBody) => api.post<Product>(`${orgPath}/products`, body);

export function useCreateProduct() {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductBody) => createProduct(orgPath, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}
