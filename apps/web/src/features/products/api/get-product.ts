import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const getProduct = (orgPath: string, id: number) => api.get<Product>(`${orgPath}/products/${id}`);

export const productQueryOptions = (orgPath: string, id: number) =>
  queryOptions({ queryKey: ['products', 'detail', id], queryFn: () => getProduct(orgPath, id) });

export const useProduct = (id: number) => useQuery(productQueryOptions(useOrgPath(), id));
