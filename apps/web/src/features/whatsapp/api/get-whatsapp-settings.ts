import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WhatsAppSettings } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const whatsappSettingsKey = (orgPath: string) => ['whatsapp', orgPath, 'settings'] as const;

export const whatsappSettingsQuery = (orgPath: string) =>
  queryOptions({
    queryKey: whatsappSettingsKey(orgPath),
    queryFn: () => api.get<WhatsAppSettings>(`${orgPath}/whatsapp/settings`),
  });

/** GET whatsapp/settings: the connection (never the token or the secret), the switches, the webhook URL. */
export const useWhatsAppSettings = () => useQuery(whatsappSettingsQuery(useOrgPath()));
