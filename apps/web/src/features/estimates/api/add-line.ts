import type { AddEstimateProductBody, AddEstimateServiceBody } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useEstimateMutation } from './use-estimate-mutation.ts';

export type EstimateLineKind = 'services' | 'products' | 'equipments';
/** The body of each kind's POST. */
export type AddEstimateLineBody<K extends EstimateLineKind = EstimateLineKind> = {
  services: AddEstimateServiceBody;
  products: AddEstimateProductBody;
  equipments: { equipment: number };
}[K];

/** POST estimates/{id}/services | products | equipments: name and price are copied by the server. */
export const addLine = (path: string, { kind, body }: { kind: EstimateLineKind; body: AddEstimateLineBody }) =>
  api.post(`${path}/${kind}`, body);
export const useAddLine = (id: number) => useEstimateMutation(id, addLine);
