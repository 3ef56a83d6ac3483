import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceDetail } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { invoiceKey } from './invoice-keys.ts';

/** GET invoices/{id}: prices, totals and the admin panel fields come only for admins. */
export const getInvoice = (orgPath: string, id: number) => api.get<InvoiceDetail>(`${orgPath}/invoices/${id}`);

export const invoiceQueryOptions = (orgPath: string, id: number) =>
  queryOptions({ queryKey: [...invoiceKey(orgPath, id), 'detail'], queryFn: () => getInvoice(orgPath, id) });

export const useInvoice = (id: number) => useQuery(invoiceQueryOptions(useOrgPath(), id));
