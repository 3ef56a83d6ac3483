import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceCardResponse } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

/** The three home cards (admin): GET invoices/wip | completed | blocked. */
export type InvoiceCard = 'wip' | 'completed' | 'blocked';

export const getInvoiceCard = (orgPath: string, card: InvoiceCard) =>
  api.get<InvoiceCardResponse>(`${orgPath}/invoices/${card}`);

export const invoiceCardQueryOptions = (orgPath: string, card: InvoiceCard) =>
  queryOptions({ queryKey: ['home-cards', orgPath, card], queryFn: () => getInvoiceCard(orgPath, card) });

export const useInvoiceCard = (card: InvoiceCard) => useQuery(invoiceCardQueryOptions(useOrgPath(), card));
