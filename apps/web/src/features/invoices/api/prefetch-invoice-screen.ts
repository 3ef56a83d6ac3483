import type { QueryClient } from '@tanstack/react-query';
import { allowedChangesQueryOptions } from './get-allowed-changes.ts';
import { invoiceQueryOptions } from './get-invoice.ts';
import { picturesQueryOptions } from './get-pictures.ts';

/**
 * Asks for everything the order screen shows first, all at once: on a phone on 3G each request that
 * waits for another (the screen's code, then the order, then its sections) costs a round trip. The
 * allowed state changes come too: their buttons sit above the order, and arriving later they pushed
 * the whole screen down as it was being read. This module is part of the app's first file: it imports
 * no contract schema (zod stays out of it).
 */
export function prefetchInvoiceScreen(queryClient: QueryClient, orgPath: string, id: number) {
  void queryClient.prefetchQuery(invoiceQueryOptions(orgPath, id));
  void queryClient.prefetchQuery(picturesQueryOptions(orgPath, id));
  void queryClient.prefetchQuery(allowedChangesQueryOptions(orgPath, id));
}
