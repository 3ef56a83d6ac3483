import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyFiscal } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const getCompanyFiscal = (orgPath: string, id: number) =>
  api.get<CompanyFiscal>(`${orgPath}/companies/${id}/fiscal`);

export const companyFiscalQueryKey = (orgPath: string, id: number) => ['companies', orgPath, 'fiscal', id] as const;

export const companyFiscalQueryOptions = (orgPath: string, id: number) =>
  queryOptions({ queryKey: companyFiscalQueryKey(orgPath, id), queryFn: () => getCompanyFiscal(orgPath, id) });

/** GET companies/{id}/fiscal: the NFS-e settings, their defaults and the certificate's subject and validity. */
export const useCompanyFiscal = (id: number) => useQuery(companyFiscalQueryOptions(useOrgPath(), id));
