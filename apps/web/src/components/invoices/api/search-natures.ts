import type { ListResult, TransactionNature } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import type { Option } from '../../searchable-select.tsx';

/** Transaction natures matching q (GET transaction-natures?q=) as select options. */
export const searchNatures = async (orgPath: string, q: string): Promise<Option[]> => {
  const res = await api.get<ListResult<TransactionNature>>(`${orgPath}/transaction-natures`, { q, take: 20 });
  return res.data.map((n) => ({ value: n.id, label: n.name, hint: n.description || undefined }));
};
