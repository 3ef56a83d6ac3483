import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateCustomerBody, Customer } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const createCustomer = (orgPath: string, body: CreateCustomerBody) =>
  api.post<Customer>(`${orgPath}/customers`, body);

export const useCreateCustomer = () => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCustomerBody) => createCustomer(orgPath, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['customers', orgPath, 'list'] }),
  });
};
