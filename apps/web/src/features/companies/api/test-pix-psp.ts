import { useMutation } from '@tanstack/react-query';
import type { PixPspTest } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

/** POST companies/{id}/pix-psp/test: a token and one read; each step and what failed. */
export const useTestPixPsp = (id: number) => {
  const orgPath = useOrgPath();
  return useMutation({ mutationFn: () => api.post<PixPspTest>(`${orgPath}/companies/${id}/pix-psp/test`) });
};
