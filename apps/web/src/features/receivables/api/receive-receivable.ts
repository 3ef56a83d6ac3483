import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayReceivableBody } from '@ordem-certa/contracts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { payReceivable } from '../../../components/payments/api/pay-receivable.ts';
import { receivablesKey } from './get-receivables.ts';

/** Receiving an instalment from the receivables screen; the list (and its sums) is read again. */
export const useReceiveReceivable = () => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: PayReceivableBody & { id: number }) => payReceivable(orgPath, id, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: receivablesKey }),
        // The order's screen, if cached, shows the payment too.
        queryClient.invalidateQueries({ queryKey: ['invoice', orgPath] }),
      ]),
  });
};
