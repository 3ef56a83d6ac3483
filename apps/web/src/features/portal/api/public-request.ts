import { useMutation, useQuery } from '@tanstack/react-query';
import type { PublicServiceRequestInput } from '@ordem-certa/contracts';
import { portalApi } from './portal-client.ts';

/** GET the public form's token (it dates the form), then POST the request with it. */
export const useFormToken = (organizationId: number) =>
  useQuery({
    queryKey: ['portal-form', organizationId],
    queryFn: () => portalApi.get<{ formToken: string }>(`/public/portal/${organizationId}/service-request-form`),
    staleTime: 30 * 60_000,
    enabled: organizationId > 0,
  });

export const usePublicRequest = (organizationId: number) =>
  useMutation({
    mutationFn: (body: PublicServiceRequestInput) =>
      portalApi.post<{ message: string }>(`/public/portal/${organizationId}/service-requests`, body),
  });
