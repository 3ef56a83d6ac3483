import { useMutation } from '@tanstack/react-query';
import type { PortalForgetBody } from '@ordem-certa/contracts';
import { portalApi } from './portal-client.ts';

/** POST /api/portal/my-data/forget: the request to be forgotten, sent to the office. */
export const useForgetMe = () =>
  useMutation({
    mutationFn: (body: PortalForgetBody) => portalApi.post<{ message: string }>('/portal/my-data/forget', body),
  });
