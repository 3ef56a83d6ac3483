import { formatMoney, type ListResult, type Product } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import type { Option } from '../../../components/searchable-select.tsx';

export type LineKind = 'services' | 'products' | 'equipments' | 'workers';

interface AvailableOption {
  id: number;
  name: string;
  price?: number;
  hint?: string;
}

const hintOf = (o: { price?: number; hint?: string }) =>
  [o.hint, o.price === undefined ? undefined : formatMoney(o.price)].filter(Boolean).join(' · ') || undefined;

/**
 * What can be added to the order, searched on the server as the user types: services, the customer's
 * equipment and workers from invoices/{id}/{kind}/available; products from the catalogue (GET products).
 */
export async function searchLineOptions(orgPath: string, invoiceId: number, kind: LineKind, q: string) {
  const res =
    kind === 'products'
      ? await api.get<ListResult<Product>>(`${orgPath}/products`, { q, take: 20 })
      : await api.get<ListResult<AvailableOption>>(`${orgPath}/invoices/${invoiceId}/${kind}/available`, {
          q,
          take: 20,
        });
  return res.data.map((o): Option => ({
    value: o.id,
    label: o.name,
    hint: hintOf(o),
    ...('unit' in o ? { unit: o.unit } : {}),
  }));
}
