import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WhatsAppSettings } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { whatsappSettingsKey } from './get-whatsapp-settings.ts';

/** POST whatsapp/settings/test ('Testar'): the number's details read from Meta with the stored token. */
export function useTestWhatsApp() {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<WhatsAppSettings>(`${orgPath}/whatsapp/settings/test`),
    onSuccess: (saved) => queryClient.setQueryData(whatsappSettingsKey(orgPath), saved),
  });
}
