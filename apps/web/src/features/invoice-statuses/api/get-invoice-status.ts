import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceStatus } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const getInvoiceStatus = (orgPath: string, id: number) =>
  api.get<InvoiceStatus>(`${orgPath}/invoice-statuses/${id}`);

export const invoiceStatusQueryOptions = (orgPath: string, id: number) =>
  queryOptions({ queryKey: ['invoice-statuses', 'detail', id], queryFn: () => getInvoiceStatus(orgPath, id) });

export const useInvoiceStatus = (id: number) => useQuery(invoiceStatusQueryOptions(useOrgPath(), id));
