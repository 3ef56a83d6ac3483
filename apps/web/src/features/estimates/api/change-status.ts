import type { EstimateDetail, EstimateStatusValue } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useEstimateMutation } from './use-estimate-mutation.ts';

/** PATCH estimates/{id} {status}: the server refuses (409) a move its state machine does not allow. */
export const changeStatus = (path: string, status: EstimateStatusValue) => api.patch<EstimateDetail>(path, { status });
export const useChangeStatus = (id: number) => useEstimateMutation(id, changeStatus);
