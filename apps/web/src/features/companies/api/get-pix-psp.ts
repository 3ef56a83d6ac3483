import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PixPsp } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const getPixPsp = (orgPath: string, id: number) => api.get<PixPsp>(`${orgPath}/companies/${id}/pix-psp`);

export const pixPspQueryKey = (orgPath: string, id: number) => ['companies', orgPath, 'pix-psp', id] as const;

export const pixPspQueryOptions = (orgPath: string, id: number) =>
  queryOptions({ queryKey: pixPspQueryKey(orgPath, id), queryFn: () => getPixPsp(orgPath, id) });

/** GET companies/{id}/pix-psp: the PSP connection (no secrets), its certificate and the company's PIX key. */
export const usePixPsp = (id: number) => useQuery(pixPspQueryOptions(useOrgPath(), id));
