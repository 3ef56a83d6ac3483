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

/**
 * Without photos, the JSON request; with them, one multipart request (the same JSON as `request`, each
 * photo as `attachment`), so the request and its photos are kept together or refused together.
 */
export const usePublicRequest = (organizationId: number) =>
  useMutation({
    mutationFn: ({ body, photos }: { body: PublicServiceRequestInput; photos: File[] }) => {
      const base = `/public/portal/${organizationId}/service-requests`;
      if (!photos.length) return portalApi.post<{ message: string }>(base, body);
      const form = new FormData();
      form.append('request', JSON.stringify(body));
      for (const photo of photos) form.append('attachment', photo, photo.name);
      return portalApi.postForm<{ message: string }>(`${base}/with-photos`, form);
    },
  });
