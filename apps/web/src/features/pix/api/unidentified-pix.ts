import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AttachPixBody, ListQuery, PixUnidentifiedList } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

const unidentifiedKey = ['pix', 'unidentified'] as const;

/** GET pix/unidentified: one page of the Pix no charge explains, newest first, searched. */
export const useUnidentifiedPix = (query: ListQuery) => {
  const orgPath = useOrgPath();
  return useQuery({
    queryKey: [...unidentifiedKey, orgPath, query],
    queryFn: () => api.get<PixUnidentifiedList>(`${orgPath}/pix/unidentified`, query),
    placeholderData: keepPreviousData,
  });
};

/** POST pix/unidentified/{id}/attach: the Pix becomes a payment of the order (or of one of its instalments). */
export const useAttachPix = (id: number) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AttachPixBody) =>
      api.post<{ invoiceId: number; paymentId: number }>(`${orgPath}/pix/unidentified/${id}/attach`, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: unidentifiedKey }),
        queryClient.invalidateQueries({ queryKey: ['invoices'] }),
        queryClient.invalidateQueries({ queryKey: ['invoice'] }),
      ]),
  });
};
