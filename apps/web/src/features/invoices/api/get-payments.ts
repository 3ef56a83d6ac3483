import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoicePaymentsResponse } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { invoiceKey } from './invoice-keys.ts';

/** GET invoices/{id}/payments (admin): total, received, balance, the payments and the instalments. */
export const getPayments = (orgPath: string, id: number) =>
  api.get<InvoicePaymentsResponse>(`${orgPath}/invoices/${id}/payments`);

// Under the order's key: any write to the order (a line, the discount, 'Pagar') refreshes it too.
export const paymentsQueryOptions = (orgPath: string, id: number) =>
  queryOptions({ queryKey: [...invoiceKey(orgPath, id), 'payments'], queryFn: () => getPayments(orgPath, id) });

export const usePayments = (id: number) => useQuery(paymentsQueryOptions(useOrgPath(), id));
