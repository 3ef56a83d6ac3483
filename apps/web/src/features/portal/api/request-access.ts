import { useMutation } from '@tanstack/react-query';
import type { PortalAccessBody } from '@ordem-certa/contracts';
import { portalApi } from './portal-client.ts';

/** POST /api/public/portal/{organizationId}/access: 'Quero acessar' (always 202). */
export const requestAccess = (organizationId: number, body: PortalAccessBody) =>
  portalApi.post<{ message: string }>(`/public/portal/${organizationId}/access`, body);

export const useRequestAccess = (organizationId: number) =>
  useMutation({ mutationFn: (body: PortalAccessBody) => requestAccess(organizationId, body) });
