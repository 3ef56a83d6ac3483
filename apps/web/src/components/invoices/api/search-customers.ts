import { formatIdentifier, type ListResult, type PartyListItem } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import type { Option } from '../../searchable-select.tsx';

/** Customers matching q as select options (GET customers?q=, admin): name, with the CPF/CNPJ as hint. */
export const searchCustomers = async (orgPath: string, q: string): Promise<Option[]> => {
  const res = await api.get<ListResult<PartyListItem>>(`${orgPath}/customers`, { q, take: 20 });
  return res.data.map((c) => ({ value: c.id, label: c.name, hint: formatIdentifier(c.identifier, c.type) }));
};
