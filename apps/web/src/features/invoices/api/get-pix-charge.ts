import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PixChargeInfo } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { invoiceKey } from './invoice-keys.ts';

export const getPixCharge = (orgPath: string, id: number) =>
  api.get<PixChargeInfo>(`${orgPath}/invoices/${id}/pix-charge`);

export const pixChargeQueryKey = (orgPath: string, id: number) => [...invoiceKey(orgPath, id), 'pix-charge'] as const;

/**
 * While a charge (the order's or an instalment's) waits for its payment, for the PSP or for the job to make
 * it, the card asks again every few seconds: an order opened before its charge exists shows it once made.
 */
export const pixChargeQueryOptions = (orgPath: string, id: number) =>
  queryOptions({
    queryKey: pixChargeQueryKey(orgPath, id),
    queryFn: () => getPixCharge(orgPath, id),
    refetchInterval: (query) => {
      const d = query.state.data;
      const waiting = (status: string | undefined) => status === 'ATIVA' || status === 'creating';
      return d && (d.queued || d.pending || waiting(d.charge?.status) || d.installments.some((x) => waiting(x.status)))
        ? 4000
        : false;
    },
  });

/** GET invoices/{id}/pix-charge: the order's charge at the company's PSP, or null. */
export const usePixCharge = (id: number) => useQuery(pixChargeQueryOptions(useOrgPath(), id));
