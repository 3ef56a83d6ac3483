import type { ListResult } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import type { Option } from '../../../components/searchable-select.tsx';

interface AvailableTag {
  id: number;
  name: string;
  color: string;
}

/** GET invoices/{id}/tags/available: the organization's tags not on the order, searched as the user types. */
export async function searchAvailableTags(orgPath: string, invoiceId: number, q: string): Promise<Option[]> {
  const res = await api.get<ListResult<AvailableTag>>(`${orgPath}/invoices/${invoiceId}/tags/available`, {
    q,
    take: 20,
  });
  return res.data.map((t) => ({ value: t.id, label: t.name }));
}
