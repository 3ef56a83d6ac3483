import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WhatsAppTemplate } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { whatsappTemplatesKey } from './get-whatsapp-templates.ts';

/**
 * POST whatsapp/templates/submit ('Enviar para aprovação': the ones the account lacks) or
 * whatsapp/templates/sync ('Atualizar': the verdicts read back).
 */
export function useUpdateWhatsAppTemplates(action: 'submit' | 'sync') {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ data: WhatsAppTemplate[] }>(`${orgPath}/whatsapp/templates/${action}`),
    onSuccess: (list) => queryClient.setQueryData(whatsappTemplatesKey(orgPath), list),
  });
}
