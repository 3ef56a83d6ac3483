import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tag, TagBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const createTag = (orgPath: string, body: TagBody) => api.post<Tag>(`${orgPath}/tags`, body);

export function useCreateTag() {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TagBody) => createTag(orgPath, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tags'] }),
  });
}
