import type { EstimateDepositBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useEstimateMutation } from './use-estimate-mutation.ts';

/** POST estimates/{id}/deposit {kind, value, version}: 'none' removes it; 409 when the estimate changed meanwhile. */
export const saveDeposit = (path: string, body: EstimateDepositBody) => api.post(`${path}/deposit`, body);
export const useSaveDeposit = (id: number) => useEstimateMutation(id, saveDeposit);
