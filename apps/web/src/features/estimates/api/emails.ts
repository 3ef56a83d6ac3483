import { useQuery } from '@tanstack/react-query';
import type { SentEmail } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { estimatePath } from './estimate-keys.ts';
import { estimateSubKey, useEstimateMutation } from './use-estimate-mutation.ts';

/** GET estimates/{id}/emails: newest first, with whether each went out. */
export const useEmails = (id: number) => {
  const orgPath = useOrgPath();
  return useQuery({
    queryKey: estimateSubKey(orgPath, id, 'emails'),
    queryFn: () => api.get<{ data: SentEmail[] }>(`${estimatePath(orgPath, id)}/emails`),
  });
};
/**
 * POST estimates/{id}/email {to: comma-joined addresses}, with the send action's Idempotency-Key: the
 * same key sent twice (a double click) sends one e-mail.
 */
export const useSendEmail = (id: number) =>
  useEstimateMutation(id, (path, { to, key }: { to: string[]; key: string }) =>
    api.post<SentEmail>(`${path}/email`, { to: to.join(',') }, { idempotencyKey: key }),
  );
