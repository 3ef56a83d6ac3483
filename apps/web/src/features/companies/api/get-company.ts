import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Company } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const getCompany = (orgPath: string, id: number) => api.get<Company>(`${orgPath}/companies/${id}`);

export const companyQueryKey = (orgPath: string, id: number) => ['companies', orgPath, 'detail', id] as const;

export const companyQueryOptions = (orgPath: string, id: number) =>
  queryOptions({ queryKey: companyQueryKey(orgPath, id), queryFn: () => getCompany(orgPath, id) });

export const useCompany = (id: number) => useQuery(companyQueryOptions(useOrgPath(), id));
