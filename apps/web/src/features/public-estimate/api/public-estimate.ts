import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicApproveBody, PublicDeclineBody, PublicEstimate } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/public/estimates/{id}?token=...: no login; a wrong or revoked link is a 404, an expired one a 410. */
export const getPublicEstimate = (id: number, token: string) =>
  api.get<PublicEstimate>(`/public/estimates/${id}`, { token });

export const publicEstimateQueryOptions = (id: number, token: string) =>
  queryOptions({
    queryKey: ['public-estimate', id, token],
    queryFn: () => getPublicEstimate(id, token),
    staleTime: 0,
  });

export const usePublicEstimate = (id: number, token: string) => useQuery(publicEstimateQueryOptions(id, token));

export type EstimateAnswer =
  { decision: 'approve'; body: PublicApproveBody } | { decision: 'decline'; body: PublicDeclineBody };

/**
 * POST /api/public/estimates/{id}/approve or /decline?token=...: the page the server answers with
 * replaces the one shown (it carries the answer).
 */
export const useAnswerEstimate = (id: number, token: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, body }: EstimateAnswer) =>
      api.post<PublicEstimate>(`/public/estimates/${id}/${decision}?token=${encodeURIComponent(token)}`, body),
    onSuccess: async (data) => {
      queryClient.setQueryData(publicEstimateQueryOptions(id, token).queryKey, data);
      // An admin trying the link in their own session sees the estimate's new status on its screen.
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'public-estimate' });
    },
  });
};
