import { useMutation } from '@tanstack/react-query';
import type { PortalSendResponse } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

/** POST customers/{id}/portal-access: the customer's one-time link to their portal, by e-mail. */
export const sendPortalAccess = (orgPath: string, id: number) =>
  api.post<PortalSendResponse>(`${orgPath}/customers/${id}/portal-access`);

export function useSendPortalAccess(id: number) {
  const orgPath = useOrgPath();
  return useMutation({ mutationFn: () => sendPortalAccess(orgPath, id) });
}
