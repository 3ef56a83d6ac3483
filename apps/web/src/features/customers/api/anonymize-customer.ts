import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerDetail } from '@ordem-certa/contracts';
import { api, newIdempotencyKey } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { customerQueryKey } from './get-customer.ts';

/** POST customers/{id}/anonymize (admin, LGPD): for good; the answer is the anonymized customer. */
export const anonymizeCustomer = (orgPath: string, id: number) =>
  api.post<CustomerDetail>(`${orgPath}/customers/${id}/anonymize`, {}, { idempotencyKey: newIdempotencyKey() });

export const useAnonymizeCustomer = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => anonymizeCustomer(orgPath, id),
    onSuccess: async (customer) => {
      queryClient.setQueryData(customerQueryKey(orgPath, id), customer);
      // Lists that showed the name: customers, and the orders and estimates that carry it.
      await Promise.all(
        ['customers', 'invoices', 'estimates'].map((root) => queryClient.invalidateQueries({ queryKey: [root] })),
      );
    },
  });
};
