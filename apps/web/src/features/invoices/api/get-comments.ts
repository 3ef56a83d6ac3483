import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceComment } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { invoiceKey } from './invoice-keys.ts';

/** GET invoices/{id}/comments/type/{type}. */
export const getComments = (orgPath: string, id: number, type: number) =>
  api.get<{ data: InvoiceComment[] }>(`${orgPath}/invoices/${id}/comments/type/${type}`);

export const commentsQueryOptions = (orgPath: string, id: number, type: number) =>
  queryOptions({
    queryKey: [...invoiceKey(orgPath, id), 'comments', type],
    queryFn: () => getComments(orgPath, id, type),
  });

export const useComments = (id: number, type: number) => useQuery(commentsQueryOptions(useOrgPath(), id, type));
