import type { EditProductLineBody, EditServiceLineBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useEstimateMutation } from './use-estimate-mutation.ts';

/** PATCH estimates/{id}/services|products/{lineId}: quantity, negotiated price, description (services). */
export const editLine = (
  path: string,
  {
    kind,
    lineId,
    body,
  }: { kind: 'services' | 'products'; lineId: number; body: EditServiceLineBody | EditProductLineBody },
) => api.patch(`${path}/${kind}/${lineId}`, body);
export const useEditLine = (id: number) => useEstimateMutation(id, editLine);
