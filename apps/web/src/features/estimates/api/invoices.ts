import { useQuery } from '@tanstack/react-query';
import type { EstimateInvoicesResponse, GenerateInvoiceBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { estimatePath } from './estimate-keys.ts';
import { estimateSubKey, useEstimateMutation } from './use-estimate-mutation.ts';

/** GET estimates/{id}/invoices: the orders generated from the estimate, and what remains to assign. */
export const useEstimateInvoices = (id: number) => {
  const orgPath = useOrgPath();
  return useQuery({
    queryKey: estimateSubKey(orgPath, id, 'invoices'),
    queryFn: () => api.get<EstimateInvoicesResponse>(`${estimatePath(orgPath, id)}/invoices`),
  });
};
/** POST estimates/{id}/invoices: picked lines onto an open order of the estimate, or a new one. */
export const useGenerateInvoice = (id: number) =>
  useEstimateMutation(id, (path, body: GenerateInvoiceBody) =>
    api.post<{ id: number; number: number }>(`${path}/invoices`, body),
  );
