import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tag, TagBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const updateTag = (orgPath: string, id: number, body: TagBody) => api.put<Tag>(`${orgPath}/tags/${id}`, body);

export function useUpdateTag(id: number) {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TagBody) => updateTag(orgPath, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tags'] }),
  });
}
