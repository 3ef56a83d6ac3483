import { formatIdentifier, type ListResult, type PartyListItem } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import type { Option } from '../../searchable-select.tsx';

/** The organization's companies matching q (GET companies?q=) as select options. */
export const searchCompanies = async (orgPath: string, q: string): Promise<Option[]> => {
  const res = await api.get<ListResult<PartyListItem>>(`${orgPath}/companies`, { q, take: 20 });
  return res.data.map((c) => ({
    value: c.id,
    label: c.alias || c.name,
    hint: `${formatIdentifier(c.identifier, c.type)}${c.alias ? ` · ${c.name}` : ''}`,
  }));
};
