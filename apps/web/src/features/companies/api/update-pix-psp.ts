import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PixPsp, PixPspValues } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { pixPspQueryKey } from './get-pix-psp.ts';

/** PUT companies/{id}/pix-psp: saves the connection and registers the webhook. */
export const useUpdatePixPsp = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PixPspValues) => api.put<PixPsp>(`${orgPath}/companies/${id}/pix-psp`, body),
    onSuccess: (psp) => queryClient.setQueryData(pixPspQueryKey(orgPath, id), psp),
  });
};
