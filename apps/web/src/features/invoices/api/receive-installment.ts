import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayReceivableBody } from '@ordem-certa/contracts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { payReceivable } from '../../../components/payments/api/pay-receivable.ts';
import { refreshInvoice } from './invoice-keys.ts';

/** Receiving one of the order's instalments (POST receivables/{id}/pay), from the order's screen. */
export const useReceiveInstallment = (invoiceId: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: PayReceivableBody & { id: number }) => payReceivable(orgPath, id, body),
    onSuccess: () => refreshInvoice(queryClient, orgPath, invoiceId),
  });
};
