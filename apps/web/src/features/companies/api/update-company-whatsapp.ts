import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Company, CompanyWhatsAppBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { whatsAppTemplateQueryKey } from '../../../components/whatsapp/use-whatsapp-template.ts';
import { companyQueryKey } from './get-company.ts';

/** PUT companies/{id}/whatsapp; the order screen's copy of the template is read again. */
export const useUpdateCompanyWhatsApp = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyWhatsAppBody) => api.put<Company>(`${orgPath}/companies/${id}/whatsapp`, body),
    onSuccess: (company) => {
      queryClient.setQueryData(companyQueryKey(orgPath, id), company);
      return queryClient.invalidateQueries({ queryKey: whatsAppTemplateQueryKey(orgPath, id) });
    },
  });
};
