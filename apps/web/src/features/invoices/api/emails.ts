import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SentEmail } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { invoiceKey } from './invoice-keys.ts';

const emailsKey = (orgPath: string, id: number) => [...invoiceKey(orgPath, id), 'emails'] as const;

/** GET invoices/{id}/emails (admin): newest first, with whether each went out. */
export const useInvoiceEmails = (id: number) => {
  const orgPath = useOrgPath();
  return useQuery({
    queryKey: emailsKey(orgPath, id),
    queryFn: () => api.get<{ data: SentEmail[] }>(`${orgPath}/invoices/${id}/emails`),
  });
};

/**
 * POST invoices/{id}/email {to: comma-joined addresses}, with the send action's Idempotency-Key: the
 * same key sent twice (a double click) sends one e-mail. The history is read again after.
 */
export const useSendInvoiceEmail = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ to, key }: { to: string[]; key: string }) =>
      api.post<SentEmail>(`${orgPath}/invoices/${id}/email`, { to: to.join(',') }, { idempotencyKey: key }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailsKey(orgPath, id) }),
  });
};
