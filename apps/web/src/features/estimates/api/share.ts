import type { EstimateShareResponse } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useEstimateMutation } from './use-estimate-mutation.ts';

/**
 * POST estimates/{id}/share: a new public link for the customer (the previous one stops working); a
 * draft shared moves to Em Andamento, so the estimate is refreshed after.
 */
export const useShareEstimate = (id: number) =>
  useEstimateMutation<void, EstimateShareResponse>(id, (path) => api.post<EstimateShareResponse>(`${path}/share`));

/** DELETE estimates/{id}/share: the link stops working at once. */
export const useRevokeShare = (id: number) =>
  useEstimateMutation<void, void>(id, (path) => api.delete(`${path}/share`));
