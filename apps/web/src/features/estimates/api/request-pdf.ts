import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { estimatePath } from './estimate-keys.ts';

/** POST estimates/{id}/pdf: a short-lived URL that opens without a login (values always shown). */
export const useRequestPdf = (id: number) => {
  const orgPath = useOrgPath();
  return useMutation({ mutationFn: () => api.post<{ url: string }>(`${estimatePath(orgPath, id)}/pdf`) });
};
