import { queryOptions } from '@tanstack/react-query';
import type { CnpjLookup } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET cnpj/{cnpj}: quiet, since the form says beside the button when the lookup fails. */
export const lookupCnpj = (cnpj: string, signal?: AbortSignal) =>
  api.get<CnpjLookup>(`/cnpj/${cnpj}`, undefined, { quiet: true, signal });

/** Asked once per CNPJ while the page is open, never retried. */
export const cnpjQueryOptions = (cnpj: string) =>
  queryOptions({
    queryKey: ['cnpj', cnpj],
    queryFn: ({ signal }) => lookupCnpj(cnpj, signal),
    staleTime: Infinity,
    retry: false,
  });
