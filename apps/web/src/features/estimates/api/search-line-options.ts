import { formatMoney, type ListResult } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import type { Option } from '../../../components/searchable-select.tsx';
import type { EstimateLineKind } from './add-line.ts';

/** GET estimates/{id}/{kind}/available?q=: services, products, or the customer's equipment not yet on it. */
export async function searchLineOptions(path: string, kind: EstimateLineKind, q: string): Promise<Option[]> {
  const res = await api.get<ListResult<{ id: number; name: string; price?: number; hint?: string; unit?: string }>>(
    `${path}/${kind}/available`,
    { q, take: 20 },
  );
  return res.data.map((o) => ({
    value: o.id,
    label: o.name,
    hint: [o.hint, o.price === undefined ? undefined : formatMoney(o.price)].filter(Boolean).join(' · ') || undefined,
    ...(o.unit ? { unit: o.unit } : {}),
  }));
}
