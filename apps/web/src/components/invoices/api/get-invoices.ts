import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceListRow, InvoiceListSort, ListResult } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

/** The query string of GET invoices/filter; status and state repeat once per value. */
export interface InvoicesQuery {
  q?: string;
  skip: number;
  take: number;
  customer?: number;
  worker?: number;
  status?: number[];
  state?: number[];
  isPaid?: boolean;
  isNotPaid?: boolean;
  open?: boolean;
  sort?: InvoiceListSort;
  scheduledFrom?: string;
  scheduledTo?: string;
}

export const invoicesQueryKey = ['invoices', 'list'] as const;

export const getInvoices = (orgPath: string, query: InvoicesQuery) =>
  api.get<ListResult<InvoiceListRow>>(`${orgPath}/invoices/filter`, query);

export const invoicesQueryOptions = (orgPath: string, query: InvoicesQuery) =>
  queryOptions({
    queryKey: [...invoicesQueryKey, orgPath, query],
    queryFn: () => getInvoices(orgPath, query),
    placeholderData: keepPreviousData,
  });

export const useInvoices = (query: InvoicesQuery) => useQuery(invoicesQueryOptions(useOrgPath(), query));
