import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerDetail, UpdateCustomerBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { customerQueryKey } from './get-customer.ts';

export const updateCustomer = (orgPath: string, id: number, body: UpdateCustomerBody) =>
  api.put<CustomerDetail>(`${orgPath}/customers/${id}`, body);

export const useUpdateCustomer = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCustomerBody) => updateCustomer(orgPath, id, body),
    onSuccess: (customer) => {
      queryClient.setQueryData(customerQueryKey(orgPath, id), customer);
      return queryClient.invalidateQueries({ queryKey: ['customers', orgPath, 'list'] });
    },
  });
};
