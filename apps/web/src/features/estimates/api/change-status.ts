import type { EstimateDetail, EstimateStatusValue } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useEstimateMutation } from './use-estimate-mutation.ts';

/**
 * PATCH estimates/{id} {status, version}: the server refuses (409) a move its state machine does not
 * allow, and one made on a version of the estimate someone changed meanwhile.
 */
export const changeStatus = (path: string, body: { status: EstimateStatusValue; version?: number }) =>
  api.patch<EstimateDetail>(path, body);
export const useChangeStatus = (id: number) => useEstimateMutation(id, changeStatus);
