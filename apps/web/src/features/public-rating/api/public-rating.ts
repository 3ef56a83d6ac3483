import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicRating, RatingAnswerBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/public/invoices/{id}/rating?token=...: no login; a wrong link is a 404. */
export const getPublicRating = (id: number, token: string) =>
  api.get<PublicRating>(`/public/invoices/${id}/rating`, { token });

export const publicRatingQueryOptions = (id: number, token: string) =>
  queryOptions({
    queryKey: ['public-rating', id, token],
    queryFn: () => getPublicRating(id, token),
    staleTime: 0,
  });

export const usePublicRating = (id: number, token: string) => useQuery(publicRatingQueryOptions(id, token));

/** PUT /api/public/invoices/{id}/rating?token=...: the page the server answers with replaces the one shown. */
export const useAnswerRating = (id: number, token: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RatingAnswerBody) =>
      api.put<PublicRating>(`/public/invoices/${id}/rating?token=${encodeURIComponent(token)}`, body),
    onSuccess: (data) => queryClient.setQueryData(publicRatingQueryOptions(id, token).queryKey, data),
  });
};
