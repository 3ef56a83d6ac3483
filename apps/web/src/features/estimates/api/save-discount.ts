import { api } from '../../../lib/api-client.ts';
import { useEstimateMutation } from './use-estimate-mutation.ts';

/** POST estimates/{id}/discount {discount, version}: 0 removes it; 409 when the estimate changed meanwhile. */
export const saveDiscount = (path: string, body: { discount: number; version?: number }) =>
  api.post(`${path}/discount`, body);
export const useSaveDiscount = (id: number) => useEstimateMutation(id, saveDiscount);
