import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResult, Product, ProductListQuery } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export type ProductsQuery = Partial<ProductListQuery>;

export const getProducts = (orgPath: string, query: ProductsQuery) =>
  api.get<ListResult<Product>>(`${orgPath}/products`, query);

export const productsQueryOptions = (orgPath: string, query: ProductsQuery) =>
  queryOptions({
    queryKey: ['products', 'list', query],
    queryFn: () => getProducts(orgPath, query),
    placeholderData: keepPreviousData,
  });

export const useProducts = (query: ProductsQuery) => useQuery(productsQueryOptions(useOrgPath(), query));
