import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddProductBody, AddServiceBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { refreshInvoice } from './invoice-keys.ts';
import type { LineKind } from './search-line-options.ts';

export type AddLineBody<K extends LineKind> = {
  services: AddServiceBody;
  products: AddProductBody;
  equipments: { equipment: number };
  workers: { worker: number };
}[K];

/** POST invoices/{id}/services | products | equipments | workers: name and price are copied by the server. */
export const addLine = <K extends LineKind>(orgPath: string, id: number, kind: K, body: AddLineBody<K>) =>
  api.post(`${orgPath}/invoices/${id}/${kind}`, body);

export const useAddLine = <K extends LineKind>(id: number, kind: K) => {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddLineBody<K>) => addLine(orgPath, id, kind, body),
    onSuccess: () => refreshInvoice(queryClient, orgPath, id),
  });
};
