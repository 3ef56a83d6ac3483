import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicInvoice } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/public/invoices/{id}?token=...: no login; a wrong or revoked token is a 404. */
export const getPublicInvoice = (id: number, token: string) =>
  api.get<PublicInvoice>(`/public/invoices/${id}`, { token });

export const publicInvoiceQueryOptions = (id: number, token: string) =>
  queryOptions({
    queryKey: ['public-invoice', id, token],
    queryFn: () => getPublicInvoice(id, token),
    staleTime: 0,
  });

export const usePublicInvoice = (id: number, token: string) => useQuery(publicInvoiceQueryOptions(id, token));
