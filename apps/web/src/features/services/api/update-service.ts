import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Service, ServiceBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export const updateService = (orgPath: string, id: number, body: ServiceBody) =>
  api.put<Service>(`${orgPath}/services/${id}`, body);

export function useUpdateService(id: number) {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ServiceBody) => updateService(orgPath, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['services'] }),
  });
}
