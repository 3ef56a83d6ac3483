import { useQuery } from '@tanstack/react-query';
import type { AddEstimateCommentBody, EstimateComment } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { estimatePath } from './estimate-keys.ts';
import { estimateSubKey, useEstimateMutation } from './use-estimate-mutation.ts';

/** GET estimates/{id}/comments: general and internal notes, oldest first. */
export const useComments = (id: number) => {
  const orgPath = useOrgPath();
  return useQuery({
    queryKey: estimateSubKey(orgPath, id, 'comments'),
    queryFn: () => api.get<{ data: EstimateComment[] }>(`${estimatePath(orgPath, id)}/comments`),
  });
};
/** POST / DELETE estimates/{id}/comments. */
export const useAddComment = (id: number) =>
  useEstimateMutation(id, (path, body: AddEstimateCommentBody) => api.post(`${path}/comments`, body));
export const useRemoveComment = (id: number) =>
  useEstimateMutation(id, (path, commentId: number) => api.delete(`${path}/comments/${commentId}`));
