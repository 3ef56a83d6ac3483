import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { pixChargeQueryKey } from './get-pix-charge.ts';

/** POST invoices/{id}/pix-charge/simulate (admin; only at the demo's PSP): the PSP pays the charge (or an instalment's). */
export const simulatePixPayment = (orgPath: string, id: number, installment?: number) =>
  api.post<{ endToEndId: string }>(
    `${orgPath}/invoices/${id}/pix-charge/simulate${installment ? `?installment=${installment}` : ''}`,
  );

export const useSimulatePixPayment = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (installment?: number) => simulatePixPayment(orgPath, id, installment),
    // The webhook records the payment a moment later: the card keeps asking until it shows 'Pago'.
    onSettled: () => queryClient.invalidateQueries({ queryKey: pixChargeQueryKey(orgPath, id) }),
  });
};
