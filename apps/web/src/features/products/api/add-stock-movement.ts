import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, StockMovement, StockMovementBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const addStockMovement = (orgPath: string, productId: number, body: StockMovementBody) =>
  api.post<{ movement: StockMovement; product: Product }>(`${orgPath}/products/${productId}/stock-movements`, body);

/** A purchase, loss or count's correction: the product (stock, cost) and its history are read again. */
export function useAddStockMovement(productId: number) {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StockMovementBody) => addStockMovement(orgPath, productId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}
