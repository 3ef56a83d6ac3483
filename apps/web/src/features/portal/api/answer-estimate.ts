import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PortalEstimate, PublicApproveBody, PublicDeclineBody } from '@ordem-certa/contracts';
import { portalApi } from './portal-client.ts';

export type PortalAnswer =
  { decision: 'approve'; body: PublicApproveBody } | { decision: 'decline'; body: PublicDeclineBody };

/** POST /api/portal/estimates/{id}/approve|decline: the customer's answer in the portal. */
export function useAnswerEstimate(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, body }: PortalAnswer) =>
      portalApi.post<PortalEstimate>(`/portal/estimates/${id}/${decision}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['portal', 'estimates'] }),
  });
}
