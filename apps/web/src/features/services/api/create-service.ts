import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Service, ServiceBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const createService = (orgPath: string, body: ServiceBody) => api.post<Service>(`${orgPath}/services`, body);

export function useCreateService() {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ServiceBody) => createService(orgPath, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['services'] }),
  });
}
