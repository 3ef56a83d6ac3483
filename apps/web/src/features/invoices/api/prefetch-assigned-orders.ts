import type { QueryClient } from '@tanstack/react-query';
import { CommentType, type InvoiceDetail } from '@ordem-certa/contracts';
import { invoicesQueryOptions } from '../../../components/invoices/api/get-invoices.ts';
import { commentsQueryOptions } from './get-comments.ts';
import { prefetchInvoiceScreen } from './prefetch-invoice-screen.ts';
import { invoiceQueryOptions } from './get-invoice.ts';
import { getToken } from '../../../lib/token.ts';

/** The technician's open orders read ahead at most this often (per page load). */
const EVERY_MS = 10 * 60_000;
/** A technician's open orders, soonest visit first: more than a day's work. */
const TAKE = 30;
let lastRun = 0;

/**
 * Reads ahead every open order the technician works on (their list, soonest visit first), with what
 * the order screen and the signing page show, so each of them opens later without a network (the
 * cache is saved on the phone by lib/offline/saved-queries.ts). One order at a time, behind the
 * screen the technician is using; at most every 10 minutes.
 */
export async function prefetchAssignedOrders(
  queryClient: QueryClient,
  orgPath: string,
  /** Reads ahead the order's signing page (given by the frame, which knows that feature). */
  signingPage: (id: number, token: string) => Promise<unknown>,
): Promise<void> {
  if (Date.now() - lastRun < EVERY_MS || navigator.onLine === false) return;
  lastRun = Date.now();
  // The session it reads for: after 'Sair' (or another login) it stops instead of reading on.
  const session = getToken();
  try {
    const list = await queryClient.fetchQuery({
      ...invoicesQueryOptions(orgPath, { skip: 0, take: TAKE, open: true, sort: 'scheduled' }),
      staleTime: 60_000,
    });
    for (const row of list.data) {
      if (getToken() !== session) return;
      prefetchInvoiceScreen(queryClient, orgPath, row.id);
      const detail = await queryClient.fetchQuery({ ...invoiceQueryOptions(orgPath, row.id), staleTime: 60_000 });
      await Promise.all(
        [CommentType.General, CommentType.Technical].map((type) =>
          queryClient.prefetchQuery(commentsQueryOptions(orgPath, row.id, type)),
        ),
      );
      const token = signToken(detail);
      if (token) await signingPage(detail.id, token);
    }
  } catch {
    // Offline or refused midway: the orders read so far are saved; the next run tries the rest.
    lastRun = 0;
  }
}

/** The token of an unsigned order's signing link (the page the customer signs on, offline too). */
const signToken = (detail: InvoiceDetail) =>
  detail.signUrl ? new URL(detail.signUrl, window.location.origin).searchParams.get('token') : null;
