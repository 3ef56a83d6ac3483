import type { QueryClient } from '@tanstack/react-query';
import { invoicesQueryKey } from '../../../components/invoices/api/get-invoices.ts';

/**
 * Everything about one order (detail, allowed changes, comments, pickers) lives under one key, so a
 * write refreshes all of it at once: a line changes the totals, a state change adds a System comment.
 */
export const invoiceKey = (orgPath: string, id: number) => ['invoice', orgPath, id] as const;

export const refreshInvoice = (queryClient: QueryClient, orgPath: string, id: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: invoiceKey(orgPath, id) }),
    queryClient.invalidateQueries({ queryKey: invoicesQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['home-cards'] }),
  ]);
