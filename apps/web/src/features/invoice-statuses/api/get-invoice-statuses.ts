import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceStatus, InvoiceStatusListQuery, ListResult } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

type Query = Partial<InvoiceStatusListQuery>;

export const getInvoiceStatuses = (orgPath: string, query: Query) =>
  api.get<ListResult<InvoiceStatus>>(`${orgPath}/invoice-statuses`, query);

export const invoiceStatusesQueryOptions = (orgPath: string, query: Query) =>
  queryOptions({
    queryKey: ['invoice-statuses', 'list', query],
    queryFn: () => getInvoiceStatuses(orgPath, query),
    placeholderData: keepPreviousData,
  });

export const useInvoiceStatuses = (query: Query) => useQuery(invoiceStatusesQueryOptions(useOrgPath(), query));
