import { queryOptions } from '@tanstack/react-query';
import type { CepLookup } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET cep/{cep}: quiet, since the address form says beside the CEP when the lookup fails. */
export const lookupCep = (cep: string, signal?: AbortSignal) =>
  api.get<CepLookup>(`/cep/${cep}`, undefined, { quiet: true, signal });

/** A CEP's address does not change while the page is open: asked once per CEP, never retried. */
export const cepQueryOptions = (cep: string) =>
  queryOptions({
    queryKey: ['cep', cep],
    queryFn: ({ signal }) => lookupCep(cep, signal),
    staleTime: Infinity,
    retry: false,
  });
