import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { refreshInvoice } from './invoice-keys.ts';
import type { LineKind } from './search-line-options.ts';

/** DELETE invoices/{id}/{kind}/{lineId}. */
export const removeLine = (orgPath: string, id: number, kind: LineKind, lineId: number) =>
  api.delete(`${orgPath}/invoices/${id}/${kind}/${lineId}`);

export const useRemoveLine = (id: number, kind: LineKind) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lineId: number) => removeLine(orgPath, id, kind, lineId),
    onSettled: () => refreshInvoice(queryClient, orgPath, id),
  });
};
