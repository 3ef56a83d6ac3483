import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyWhatsApp } from '@ordem-certa/contracts';
import { api } from '../../lib/api-client.ts';
import { useOrgPath } from '../../lib/auth.tsx';

/** The key the company screen refreshes when it saves the template. */
export const whatsAppTemplateQueryKey = (orgPath: string, companyId: number) =>
  ['companies', orgPath, 'whatsapp', companyId] as const;

export const whatsAppTemplateQueryOptions = (orgPath: string, companyId: number) =>
  queryOptions({
    queryKey: whatsAppTemplateQueryKey(orgPath, companyId),
    queryFn: () => api.get<CompanyWhatsApp>(`${orgPath}/companies/${companyId}/whatsapp`),
  });

/** The company's WhatsApp message template (the server answers the default when it has none). */
export const useWhatsAppTemplate = (companyId: number, enabled = true) =>
  useQuery({ ...whatsAppTemplateQueryOptions(useOrgPath(), companyId), enabled });
