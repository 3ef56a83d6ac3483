import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WhatsAppConsent, WhatsAppConsentBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { conversationKey } from './conversation.ts';

const consentKey = (orgPath: string, customerId: number) => ['whatsapp', orgPath, 'consent', customerId] as const;

/** GET customers/{id}/whatsapp-consent: the consent in force and its history. */
export function useConsent(customerId: number) {
  const orgPath = useOrgPath();
  return useQuery({
    queryKey: consentKey(orgPath, customerId),
    queryFn: () => api.get<WhatsAppConsent>(`${orgPath}/customers/${customerId}/whatsapp-consent`),
  });
}

/** PUT customers/{id}/whatsapp-consent: an opt-out queues its confirmation, which the conversation shows. */
export function useSaveConsent(customerId: number) {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WhatsAppConsentBody) =>
      api.put<WhatsAppConsent>(`${orgPath}/customers/${customerId}/whatsapp-consent`, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(consentKey(orgPath, customerId), saved);
      return queryClient.invalidateQueries({ queryKey: conversationKey(orgPath) });
    },
  });
}
