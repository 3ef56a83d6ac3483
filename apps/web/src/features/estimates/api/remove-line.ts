import { api } from '../../../lib/api-client.ts';
import type { EstimateLineKind } from './add-line.ts';
import { useEstimateMutation } from './use-estimate-mutation.ts';

/** DELETE estimates/{id}/{kind}/{lineId} (the line's own id). */
export const removeLine = (path: string, { kind, lineId }: { kind: EstimateLineKind; lineId: number }) =>
  api.delete(`${path}/${kind}/${lineId}`);
export const useRemoveLine = (id: number) => useEstimateMutation(id, removeLine);
