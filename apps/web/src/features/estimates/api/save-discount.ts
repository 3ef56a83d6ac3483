import { api } from '../../../lib/api-client.ts';
import { useEstimateMutation } from './use-estimate-mutation.ts';

/** POST estimates/{id}/discount {discount}: 0 removes it. */
export const saveDiscount = (path: string, discount: number) => api.post(`${path}/discount`, { discount });
export const useSaveDiscount = (id: number) => useEstimateMutation(id, saveDiscount);
