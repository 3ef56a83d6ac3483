import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PortalServiceRequestInput, ServiceRequest } from '@ordem-certa/contracts';
import { portalApi } from './portal-client.ts';

/**
 * POST /api/portal/service-requests, then its photos (POST …/{id}/pictures): 'Solicitar atendimento'.
 * The request stands even if a photo is refused; the caller says so.
 */
export function useCreateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, photos }: { body: PortalServiceRequestInput; photos: File[] }) => {
      const request = await portalApi.post<ServiceRequest>('/portal/service-requests', body);
      if (!photos.length) return request;
      const form = new FormData();
      for (const photo of photos) form.append('attachment', photo, photo.name);
      return portalApi.postForm<ServiceRequest>(`/portal/service-requests/${request.id}/pictures`, form);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['portal', 'service-requests'] }),
  });
}
