import type { ChecklistTemplate, ListResult, Service } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import type { Option } from '../../../components/searchable-select.tsx';

/** The catalogue's services matching q (GET services?q=, not archived) as select options. */
export const searchServices = async (orgPath: string, q: string): Promise<Option[]> => {
  const res = await api.get<ListResult<Service>>(`${orgPath}/services`, { q, take: 20 });
  return res.data.map((s) => ({ value: s.id, label: s.name, hint: formatMoney(s.price) }));
};

/** The live checklist templates matching q (GET checklist-templates?q=) as select options. */
export const searchTemplates = async (orgPath: string, q: string): Promise<Option[]> => {
  const res = await api.get<ListResult<ChecklistTemplate>>(`${orgPath}/checklist-templates`, { q, take: 20 });
  return res.data.map((t) => ({ value: t.id, label: t.name, hint: `${t.items.length} itens` }));
};
