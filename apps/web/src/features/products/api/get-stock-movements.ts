import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQuery, ListResult, StockMovement } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export type StockMovementsQuery = Pick<ListQuery, 'skip' | 'take'>;

export const getStockMovements = (orgPath: string, productId: number, query: StockMovementsQuery) =>
  api.get<ListResult<StockMovement>>(`${orgPath}/products/${productId}/stock-movements`, query);

export const stockMovementsQueryOptions = (orgPath: string, productId: number, query: StockMovementsQuery) =>
  queryOptions({
    queryKey: ['products', 'stock-movements', productId, query],
    queryFn: () => getStockMovements(orgPath, productId, query),
    placeholderData: keepPreviousData,
  });

export const useStockMovements = (productId: number, query: StockMovementsQuery) =>
  useQuery(stockMovementsQueryOptions(useOrgPath(), productId, query));
