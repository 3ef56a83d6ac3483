import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WhatsAppSettings, WhatsAppSettingsInput } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { whatsappSettingsKey } from './get-whatsapp-settings.ts';

/** PUT whatsapp/settings; a blank token or secret keeps the stored one. */
export function useSaveWhatsAppSettings() {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WhatsAppSettingsInput) => api.put<WhatsAppSettings>(`${orgPath}/whatsapp/settings`, body),
    onSuccess: (saved) => queryClient.setQueryData(whatsappSettingsKey(orgPath), saved),
  });
}
