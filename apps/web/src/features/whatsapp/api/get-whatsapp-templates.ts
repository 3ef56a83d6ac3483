import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WhatsAppTemplate } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const whatsappTemplatesKey = (orgPath: string) => ['whatsapp', orgPath, 'templates'] as const;

export const whatsappTemplatesQuery = (orgPath: string) =>
  queryOptions({
    queryKey: whatsappTemplatesKey(orgPath),
    queryFn: () => api.get<{ data: WhatsAppTemplate[] }>(`${orgPath}/whatsapp/templates`),
  });

/** GET whatsapp/templates: the product's templates and where each stands with Meta. */
export const useWhatsAppTemplates = () => useQuery(whatsappTemplatesQuery(useOrgPath()));
