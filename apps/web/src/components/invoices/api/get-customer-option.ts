import { queryOptions, useQuery } from '@tanstack/react-query';
import { formatIdentifier, type Customer } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import type { Option } from '../../searchable-select.tsx';

/** One customer as a select option: the customer preselected by /invoices/new?customerId=. */
export const getCustomerOption = async (orgPath: string, id: number): Promise<Option> => {
  const c = await api.get<Customer>(`${orgPath}/customers/${id}`);
  return { value: c.id, label: c.name, hint: formatIdentifier(c.identifier, c.type) };
};

export const customerOptionQueryOptions = (orgPath: string, id: number) =>
  queryOptions({
    queryKey: ['customers', orgPath, 'option', id],
    queryFn: () => getCustomerOption(orgPath, id),
  });

export const useCustomerOption = (id: number | null) =>
  useQuery({ ...customerOptionQueryOptions(useOrgPath(), id ?? 0), enabled: id !== null });
